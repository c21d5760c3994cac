import { ApiError } from '../../lib/api-client.ts';
import { getProfile } from './api/get-profile.ts';
import { getUser } from './api/get-user.ts';
import type { AuthStore } from './auth-store.ts';

/** The longest the UI waits for the session check at start (spec §9: restore timeout 5 s). */
export const RESTORE_TIMEOUT_MS = 5_000;

const isStatus = (err: unknown, status: number) => err instanceof ApiError && err.status === status;

/**
 * Re-validates a restored signed-in state with the server while the UI waits behind a loader:
 * the session (GET /api/auth/user), then the profile (GET /api/profile/:id), as spec §4 has it.
 * - 401 from either: signed out.
 * - The profile cannot be fetched: the user is kept without a profile and the error is
 *   'Failed to load user profile' (spec §8); a profile that does not exist yet is no error.
 * - The server cannot be reached, or 5 s pass: what was restored is kept (every call is checked
 *   by the server anyway).
 * Whatever happens, the UI is released at the end.
 */
export async function restoreSession(store: AuthStore, fetchUser = getUser, fetchProfile = getProfile): Promise<void> {
  // Nobody was signed in here: nothing to confirm (and no 401 on every visit of the first page).
  if (!store.getState().user) {
    store.restored();
    return;
  }
  store.setLoading(true);
  const signal = AbortSignal.timeout(RESTORE_TIMEOUT_MS);
  try {
    const { user } = await fetchUser(signal);
    try {
      store.signedIn({ user, profile: await fetchProfile(user.id, signal) });
    } catch (err) {
      if (isStatus(err, 401)) store.signedOut();
      else if (isStatus(err, 404)) store.signedIn({ user, profile: null });
      else if (err instanceof ApiError && err.status !== 0) {
        store.signedIn({ user, profile: null });
        store.setError('profile_load_failed');
      } else store.setLoading(false); // unreachable, or the 5 s are over: keep what was restored
    }
  } catch (err) {
    if (isStatus(err, 401)) store.signedOut();
    else store.setLoading(false);
  } finally {
    store.restored();
  }
}
