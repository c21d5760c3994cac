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

const signedIn: AuthState = {
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

  test('restoreSession signs out on 401, keeps the state on a network failure, refreshes on success', async () => {
    const store = createAuthStore(memoryStorage({ root: JSON.stringify({ user: signedIn }) }));
    await restoreSession(store, () => Promise.reject(new ApiError(0, 'network_error', 'offline')));
    expect(store.getState()).toMatchObject({ user: signedIn, loading: false });

    const updated = { ...signedIn, profile: { ...signedIn.profile, onboarding_completed: true } };
    await restoreSession(store, () => Promise.resolve(updated));
    expect(store.getState().user?.profile.onboarding_completed).toBe(true);

    await restoreSession(store, () => Promise.reject(new ApiError(401, 'unauthorized', 'No authenticated user')));
    expect(store.getState()).toMatchObject({ user: null, loading: false });
  });

  test('restoreSession makes no request when nobody was signed in', async () => {
    const store = createAuthStore(memoryStorage());
    let calls = 0;
    await restoreSession(store, () => {
      calls += 1;
      return Promise.resolve(signedIn);
    });
    expect(calls).toBe(0);
  });
});
