import { AlertNewScreen } from '../../features/alerts/components/alert-new-screen.tsx';

/** /alerts/new(?q=&region=&method=&after=): create an alert, optionally from a search. */
export function Component() {
  return <AlertNewScreen />;
}
