import type { ErrorBody } from '@app/shared/errors';
import { currentLanguage } from './i18n.ts';

/** Codes the client adds to the server's own (`ErrorCode` in @app/shared/errors). */
export type ClientErrorCode = 'network_error' | 'unexpected_response';

/** Every failed API call rejects with this, whatever went wrong. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// A hand-written guard rather than `errorBodySchema.parse`: importing zod would add tens of
// kilobytes to the bundle for one check. Types from @app/shared are imported as types only.
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.statusCode === 'number' &&
    typeof v.code === 'string' &&
    typeof v.error === 'string' &&
    typeof v.message === 'string'
  );
}

async function toApiError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => undefined);
  if (isErrorBody(body)) return new ApiError(body.statusCode, body.code, body.message);
  const text = `${res.status} ${res.statusText}`.trim();
  return new ApiError(res.status, 'unexpected_response', `The server answered ${text}.`);
}

interface RequestOptions {
  signal?: AbortSignal;
}

/** A file the server sent as an attachment (a CSV export). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; `fallback` when the server named none. */
  filename: string;
  headers: Headers;
}

function filenameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

export function createApiClient({
  baseUrl = '',
  fetch: doFetch = globalThis.fetch,
  /** The app's language, sent as Accept-Language: the server words some refusals in it (plan limits). */
  language,
}: { baseUrl?: string; fetch?: typeof globalThis.fetch; language?: () => string } = {}) {
  async function send(method: string, path: string, body: unknown, options: RequestOptions, accept: string) {
    const headers: Record<string, string> = { accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const lang = language?.();
    if (lang) headers['accept-language'] = lang;
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // The session is an httpOnly cookie; send it (and accept a new one) on every call.
        credentials: 'include',
        signal: options.signal,
      });
    } catch (err) {
      // TanStack Query aborts superseded requests; let it see its own cancellation.
      if (options.signal?.aborted) throw err;
      throw new ApiError(0, 'network_error', 'Could not reach the Breeze server. Check your connection and try again.');
    }
    if (!res.ok) throw await toApiError(res);
    return res;
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
    const res = await send(method, path, body, options, 'application/json');
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** POSTs JSON and reads the answer as a file; errors are ApiErrors as for any call. */
  async function download(
    path: string,
    body: unknown,
    fallbackName: string,
    options: RequestOptions = {},
  ): Promise<DownloadedFile> {
    const res = await send('POST', path, body, options, 'text/csv, application/json');
    return { blob: await res.blob(), filename: filenameOf(res, fallbackName), headers: res.headers };
  }

  return {
    get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
    put: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PUT', path, body, options),
    patch: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PATCH', path, body, options),
    delete: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>('DELETE', path, body, options),
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient({ language: currentLanguage });
