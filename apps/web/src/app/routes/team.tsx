import { useAuth } from '../../features/auth/auth-store.ts';
import { TeamScreen } from '../../features/team/components/team-screen.tsx';

/** /team (protected, onboarded; ADR 0013): the account's people, invitations and the users limit. */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <TeamScreen userId={user.user.id} />;
}
