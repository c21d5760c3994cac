import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useAuth } from '../../features/auth/auth-store.ts';
import { TeamJoin } from '../../features/team/components/team-join.tsx';
import { paths } from '../../paths.ts';

/** /team/join#token=… (ADR 0013): the invitation mail's link, shown whatever the auth state. */
export function Component() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <TeamJoin
      signedInAs={user?.user.email ?? null}
      // Signed in with another address: sign out, then sign in with the invited one (the invitation is kept).
      onSignOut={() => signOut.mutate(undefined, { onSettled: () => void navigate(paths.signIn.href()) })}
    />
  );
}
