import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable, Transform, pipeline } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';

/** The input could not be opened: network error, timeout, HTTP error status, missing file. */
export class SourceUnreachableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SourceUnreachableError';
  }
}

// The CanadaBuys CDN answers 403 to library user agents (SOURCES.md §1.1), so ask like a browser.
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export type IngestInput = Readable | string | URL;

/** A printable name for the run's `origin` column. */
export function describeInput(input: IngestInput): string {
  if (input instanceof URL) return input.href;
  if (typeof input === 'string') return input;
  return 'stream';
}

/** Opens a path, a file: URL, an http(s) URL or an existing stream as a byte stream. */
export async function openInput(input: IngestInput, timeoutMs: number): Promise<Readable> {
  if (input instanceof Readable) return input;
  const url = typeof input === 'string' ? (/^https?:\/\//i.test(input) ? new URL(input) : undefined) : input;
  if (!url) return openFile(input as string);
  if (url.protocol === 'file:') return openFile(fileURLToPath(url));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceUnreachableError(`Unsupported protocol ${url.protocol} (use http, https or a file path)`);
  }
  return fetchBody(url, timeoutMs);
}

async function openFile(path: string): Promise<Readable> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new Error('not a regular file');
  } catch (err) {
    throw new SourceUnreachableError(`Cannot read ${path}: ${(err as Error).message}`, { cause: err });
  }
  return createReadStream(path, { highWaterMark: 1024 * 1024 });
}

function reason(err: unknown): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message;
}

/**
 * GET with a browser user agent. The timeout bounds the wait for the response headers and
 * then each pause in the body, not the whole download: the open-notice file is several MB
 * and a slow but steady link must still finish.
 */
async function fetchBody(url: URL, timeoutMs: number): Promise<Readable> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      signal: controller.signal,
      headers: { 'user-agent': BROWSER_USER_AGENT, accept: 'text/csv, text/plain;q=0.9, */*;q=0.5' },
    });
  } catch (err) {
    throw new SourceUnreachableError(`${url.href} could not be reached (${reason(err)})`, { cause: err });
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new SourceUnreachableError(`${url.href} answered HTTP ${res.status}`);
  }
  const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  return withIdleTimeout(body, timeoutMs, () => controller.abort(new Error(`download stalled for ${timeoutMs} ms`)));
}

/** Passes bytes through; aborts when no byte arrives for `ms`. */
function withIdleTimeout(source: Readable, ms: number, abort: () => void): Readable {
  const timer = setTimeout(abort, ms);
  // Refreshed in transform() rather than on 'data', which would start the flow before the parser listens.
  const out = new Transform({
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, done) {
      timer.refresh();
      done(null, chunk);
    },
  });
  const stop = () => clearTimeout(timer);
  out.on('close', stop);
  pipeline(source, out, (err) => {
    stop();
    if (err) out.destroy(new SourceUnreachableError(`Download failed: ${reason(err)}`, { cause: err }));
  });
  return out;
}
