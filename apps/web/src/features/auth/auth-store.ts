import type { AuthState as SignedInUser } from '@app/shared/auth';
import type { Profile } from '@app/shared/profile';
import { useSyncExternalStore } from 'react';

/** What went wrong with the auth state (shown in the UI's language): spec §8's restore failure. */
export type AuthStoreError = 'profile_load_failed';

/**
 * The client's auth state (spec §3): the signed-in user with their profile (null when it could not
 * be loaded or does not exist yet), a loading flag and the last error. It is the only state
 * persisted in the browser, under the key `root`. Derived values (signed in, onboarding completed)
 * are computed, never stored. `restoring` is true from start-up until the persisted state has been
 * re-validated with the server (or 5 s have passed): the UI waits behind a loader meanwhile.
 */
export interface AuthStoreState {
  user: SignedInUser | null;
  loading: boolean;
  error: AuthStoreError | null;
  restoring: boolean;
}

export const PERSIST_KEY = 'root';

type Listener = () => void;

// Types from @app/shared only: importing zod here would put it in the first page's bundle.
function isSignedInUser(value: unknown): value is SignedInUser {
  if (typeof value !== 'object' || value === null) return false;
  const { user, profile } = value as Record<string, unknown>;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof (user as Record<string, unknown>).id === 'string' &&
    typeof (user as Record<string, unknown>).email === 'string' &&
    (profile === null ||
      (typeof profile === 'object' &&
        typeof (profile as Record<string, unknown>).onboarding_completed === 'boolean' &&
        Array.isArray((profile as Record<string, unknown>).primary_services) &&
        Array.isArray((profile as Record<string, unknown>).service_regions)))
  );
}

function readPersisted(storage: Storage | undefined): SignedInUser | null {
  try {
    const raw = storage?.getItem(PERSIST_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: unknown };
    return isSignedInUser(parsed.user) ? parsed.user : null;
  } catch {
    return null; // storage blocked or corrupt: start signed out
  }
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // e.g. storage disabled by the browser
  }
}

export function createAuthStore(storage: Storage | undefined = safeStorage()) {
  const persisted = readPersisted(storage);
  // Something to re-validate: the UI waits until restoreSession() is done with it.
  let state: AuthStoreState = { user: persisted, loading: false, error: null, restoring: persisted !== null };
  const listeners = new Set<Listener>();

  function persist() {
    try {
      storage?.setItem(PERSIST_KEY, JSON.stringify({ user: state.user, loading: false, error: state.error }));
    } catch {
      // Quota or privacy mode: the session cookie still works, only the restore is lost.
    }
  }

  function set(patch: Partial<AuthStoreState>) {
    state = { ...state, ...patch };
    persist();
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setLoading: (loading: boolean) => set({ loading }),
    signedIn: (user: SignedInUser) => set({ user, loading: false, error: null }),
    signedOut: () => set({ user: null, loading: false, error: null }),
    setError: (error: AuthStoreError | null) => set({ error, loading: false }),
    setProfile: (profile: Profile | null) => {
      if (state.user) set({ user: { ...state.user, profile }, error: profile ? null : state.error });
    },
    /** The persisted state has been re-validated (or the wait is over): the UI may show. */
    restored: () => {
      if (state.restoring) set({ restoring: false });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

export function useAuth() {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
  return {
    ...state,
    isSignedIn: state.user !== null,
    onboardingCompleted: state.user?.profile?.onboarding_completed === true,
    /** 'Skip for now' was chosen and onboarding is not completed: let in, invite to complete. */
    onboardingSkipped:
      state.user?.profile?.onboarding_completed !== true && state.user?.profile?.onboarding_skipped === true,
    /** Signed in, but the profile could not be loaded (spec §8 'Failed to load user profile'). */
    profileLoadFailed: state.user !== null && state.user.profile === null && state.error === 'profile_load_failed',
  };
}
