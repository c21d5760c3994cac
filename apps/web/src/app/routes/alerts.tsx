import { AlertsScreen } from '../../features/alerts/components/alerts-screen.tsx';

/** /alerts (protected, onboarded): the caller's alerts and their plan usage (ADR 0012). */
export function Component() {
  return <AlertsScreen />;
}
