import { ApiError } from '../../lib/api-client.ts';

/** The server's own message for an API error (written for people), else the screen's fallback. */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
