import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Banner } from '../../../components/ui/form.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { pendingInvite } from '../../../lib/pending-invite.ts';
import { paths } from '../../../paths.ts';
import { getProfile } from '../api/get-profile.ts';
import { authStore, useAuth } from '../auth-store.ts';
import '../auth.css';

/**
 * Auth-entry guard (spec §2) for the sign-in, sign-up and reset pages: a loader while auth loads,
 * signed in and onboarded → /home, signed in but not onboarded → /onboarding, else the page.
 * A user who chose 'Skip for now' counts as onboarded here (they asked to be let in).
 */
export function AuthEntryGuard() {
  const { user, loading, onboardingCompleted, onboardingSkipped, profileLoadFailed } = useAuth();
  // A team invitation opened before signing in: back to it first (ADR 0013).
  if (user && pendingInvite()) return <Navigate to={paths.teamJoin.href()} replace />;
  if (user) {
    // A profile that could not be loaded is not an unfinished onboarding: /home says what happened.
    const home = onboardingCompleted || onboardingSkipped || profileLoadFailed;
    return <Navigate to={home ? paths.appHome.href() : paths.onboarding.href()} replace />;
  }
  if (loading) return <PageLoader />;
  return <Outlet />;
}

/** Protected guard (spec §2): signed-out visitors go to /sign-in. */
export function ProtectedGuard() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (user) return <Outlet />;
  if (loading) return <PageLoader />;
  return <Navigate to={paths.signIn.href()} replace state={{ from: location.pathname }} />;
}

/** The invitation a user who skipped onboarding sees on /home until the profile is complete. */
function CompleteProfileInvite() {
  const { t } = useTranslation('profile');
  return (
    <div className="complete-profile-invite">
      <Banner kind="info">
        <p>
          <strong>{t('incomplete.title')}</strong>
        </p>
        <p>{t('incomplete.text')}</p>
        <p>
          <Link className="button button--small" to={paths.onboarding.href()}>
            {t('incomplete.action')}
          </Link>
        </p>
      </Banner>
    </div>
  );
}

/**
 * Spec §8: the session was restored but the profile could not be fetched. The user is kept signed
 * in without a profile; rather than sending them through onboarding again (which would overwrite
 * the profile they have), the page says so and offers to try again.
 */
function ProfileLoadFailed() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (!user) return;
    setRetrying(true);
    try {
      authStore.setProfile(await getProfile(user.user.id));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) authStore.signedOut();
      else if (err instanceof ApiError && err.status === 404) authStore.setProfile(null);
    } finally {
      setRetrying(false);
    }
  };
  return (
    <section className="page-message" role="alert" aria-labelledby="profile-load-failed">
      <h1 id="profile-load-failed">{t('loadFailed.title')}</h1>
      <p>{t('loadFailed.text')}</p>
      <p>
        <button type="button" className="button" disabled={retrying} onClick={() => void retry()}>
          {retrying ? t('loadFailed.retrying') : t('loadFailed.retry')}
        </button>
      </p>
    </section>
  );
}

/**
 * Onboarding guard (spec §2): signed-in users who have not finished onboarding go to /onboarding,
 * unless they chose 'Skip for now, I'll complete this later': they use Breeze with the defaults of
 * an empty profile, and the home page invites them to complete it.
 */
export function OnboardingGuard() {
  const { onboardingCompleted, onboardingSkipped, profileLoadFailed } = useAuth();
  const { pathname } = useLocation();
  if (profileLoadFailed) return <ProfileLoadFailed />;
  if (!onboardingCompleted && !onboardingSkipped) return <Navigate to={paths.onboarding.href()} replace />;
  if (onboardingSkipped && pathname === paths.appHome.path) {
    return (
      <>
        <CompleteProfileInvite />
        <Outlet />
      </>
    );
  }
  return <Outlet />;
}
