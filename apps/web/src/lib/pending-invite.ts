// The team invitation a visitor opened before signing in (ADR 0013). Kept in localStorage, not
// sessionStorage: the confirmation mail of a new account often opens in another tab. The
// auth-entry guard sends a user who has one to /team/join once they are signed in.

const KEY = 'breeze-team-invite';
const MAX_AGE_MS = 7 * 86_400_000;

export function savePendingInvite(token: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, savedAt: Date.now() }));
  } catch {
    // Storage can be off (private mode): the link still works in this tab.
  }
}

export function pendingInvite(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { token?: unknown; savedAt?: unknown };
    if (
      typeof value.token !== 'string' ||
      typeof value.savedAt !== 'number' ||
      Date.now() - value.savedAt > MAX_AGE_MS
    ) {
      localStorage.removeItem(KEY);
      return null;
    }
    return value.token;
  } catch {
    return null;
  }
}

export function clearPendingInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
