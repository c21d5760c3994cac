import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../paths.ts';
import { useAuth } from '../auth-store.ts';

/**
 * Auth-entry guard (spec §2) for the sign-in, sign-up and reset pages: a loader while auth loads,
 * signed in and onboarded → /home, signed in but not onboarded → /onboarding, else the page.
 */
export function AuthEntryGuard() {
  const { user, loading, onboardingCompleted } = useAuth();
  if (user) return <Navigate to={onboardingCompleted ? paths.appHome.href() : paths.onboarding.href()} replace />;
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

/** Onboarding guard (spec §2): signed-in users who have not finished onboarding go to /onboarding. */
export function OnboardingGuard() {
  const { onboardingCompleted } = useAuth();
  if (!onboardingCompleted) return <Navigate to={paths.onboarding.href()} replace />;
  return <Outlet />;
}
