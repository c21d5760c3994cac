import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Banner } from '../../../components/ui/form.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { pendingInvite } from '../../../lib/pending-invite.ts';
import { paths } from '../../../paths.ts';
import { useAuth } from '../auth-store.ts';
import '../auth.css';

/**
 * Auth-entry guard (spec §2) for the sign-in, sign-up and reset pages: a loader while auth loads,
 * signed in and onboarded → /home, signed in but not onboarded → /onboarding, else the page.
 * A user who chose 'Skip for now' counts as onboarded here (they asked to be let in).
 */
export function AuthEntryGuard() {
  const { user, loading, onboardingCompleted, onboardingSkipped } = useAuth();
  // A team invitation opened before signing in: back to it first (ADR 0013).
  if (user && pendingInvite()) return <Navigate to={paths.teamJoin.href()} replace />;
  if (user) {
    const home = onboardingCompleted || onboardingSkipped;
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
 * Onboarding guard (spec §2): signed-in users who have not finished onboarding go to /onboarding,
 * unless they chose 'Skip for now, I'll complete this later': they use Breeze with the defaults of
 * an empty profile, and the home page invites them to complete it.
 */
export function OnboardingGuard() {
  const { onboardingCompleted, onboardingSkipped } = useAuth();
  const { pathname } = useLocation();
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
