import { ApiError } from '../../lib/api-client.ts';
import { getUser } from './api/get-user.ts';
import type { AuthStore } from './auth-store.ts';

/** The longest the UI waits for the session check at start (spec §9: restore timeout 5 s). */
export const RESTORE_TIMEOUT_MS = 5_000;

/**
 * Re-validates a restored signed-in state with the server. 401 signs out; a network failure or the
 * timeout keeps what was restored (the server still checks every call).
 */
export async function restoreSession(store: AuthStore, fetchUser = getUser): Promise<void> {
  // Nobody was signed in here: nothing to confirm (and no 401 on every visit of the first page).
  if (!store.getState().user) return;
  store.setLoading(true);
  try {
    store.signedIn(await fetchUser(AbortSignal.timeout(RESTORE_TIMEOUT_MS)));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) store.signedOut();
    else if (err instanceof ApiError && err.status !== 0) store.setError('Failed to load user profile');
    else store.setLoading(false);
  }
}
