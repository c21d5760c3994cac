import type { AuthState } from '@app/shared/auth';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { createAuthStore, PERSIST_KEY } from './auth-store.ts';
import { restoreSession } from './restore-session.ts';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const signedIn: AuthState & { profile: NonNullable<AuthState['profile']> } = {
  user: { id: 'u1', email: 'a@example.com', email_confirmed_at: '2026-01-01', locale: 'en', created_at: '2026-01-01' },
  profile: {
    id: 'u1',
    company_name: 'Acme',
    company_size: null,
    industry: null,
    primary_services: [],
    service_regions: [],
    government_experience: null,
    typical_contract_size: null,
    onboarding_completed: false,
    onboarding_skipped: false,
    created_at: '2026-01-01',
    updated_at: '2026-01-01',
  },
};

describe('auth store', () => {
  test('persists only the auth state under `root` and restores it', () => {
    const storage = memoryStorage();
    createAuthStore(storage).signedIn(signedIn);
    expect([...Array(storage.length).keys()].map((i) => storage.key(i))).toEqual([PERSIST_KEY]);
    expect(createAuthStore(storage).getState().user).toEqual(signedIn);
  });

  test('ignores a corrupt or foreign persisted value', () => {
    expect(createAuthStore(memoryStorage({ root: '{not json' })).getState().user).toBeNull();
    expect(createAuthStore(memoryStorage({ root: '{"user":{"id":1}}' })).getState().user).toBeNull();
  });

  const fetchSignedInUser = () => Promise.resolve(signedIn);
  const persisted = () => memoryStorage({ root: JSON.stringify({ user: signedIn }) });

  test('restoreSession signs out on 401, keeps the state when the server is unreachable, refreshes on success', async () => {
    const store = createAuthStore(persisted());
    expect(store.getState().restoring).toBe(true); // the UI waits
    await restoreSession(store, () => Promise.reject(new ApiError(0, 'network_error', 'offline')));
    expect(store.getState()).toMatchObject({ user: signedIn, loading: false, restoring: false });

    const updated = { ...signedIn.profile, onboarding_completed: true };
    await restoreSession(store, fetchSignedInUser, () => Promise.resolve(updated));
    expect(store.getState().user?.profile?.onboarding_completed).toBe(true);

    await restoreSession(store, () => Promise.reject(new ApiError(401, 'unauthorized', 'No authenticated user')));
    expect(store.getState()).toMatchObject({ user: null, loading: false });
  });

  test("spec §8: a profile that cannot be fetched keeps the user without a profile, with 'Failed to load user profile'", async () => {
    const storage = persisted();
    const store = createAuthStore(storage);
    await restoreSession(store, fetchSignedInUser, () =>
      Promise.reject(new ApiError(500, 'internal_error', 'Something went wrong on our side.')),
    );
    expect(store.getState()).toMatchObject({
      user: { user: signedIn.user, profile: null },
      error: 'profile_load_failed',
      loading: false,
      restoring: false,
    });
    // Kept in storage as such: a reload restores the user, then tries the profile again.
    expect(createAuthStore(storage).getState().user).toEqual({ user: signedIn.user, profile: null });

    // A profile that does not exist (yet) is no error; the session failing is a sign-out.
    const other = createAuthStore(persisted());
    await restoreSession(other, fetchSignedInUser, () => Promise.reject(new ApiError(404, 'profile_not_found', 'x')));
    expect(other.getState()).toMatchObject({ user: { profile: null }, error: null });
    const gone = createAuthStore(persisted());
    await restoreSession(gone, fetchSignedInUser, () => Promise.reject(new ApiError(401, 'unauthorized', 'x')));
    expect(gone.getState().user).toBeNull();
    // Unreachable while fetching the profile: what was restored stays.
    const offline = createAuthStore(persisted());
    await restoreSession(offline, fetchSignedInUser, () => Promise.reject(new ApiError(0, 'network_error', 'x')));
    expect(offline.getState()).toMatchObject({ user: signedIn, error: null, restoring: false });
  });

  test('restoreSession gives up after 5 s and keeps what was restored (the UI is released)', async () => {
    const store = createAuthStore(persisted());
    const started = Date.now();
    await restoreSession(
      store,
      (signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('aborted by the timeout'))),
        ),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(store.getState()).toMatchObject({ user: signedIn, restoring: false, loading: false });
  }, 10_000);

  test('restoreSession makes no request when nobody was signed in', async () => {
    const store = createAuthStore(memoryStorage());
    expect(store.getState().restoring).toBe(false);
    let calls = 0;
    await restoreSession(store, () => {
      calls += 1;
      return Promise.resolve(signedIn);
    });
    expect(calls).toBe(0);
  });
});
