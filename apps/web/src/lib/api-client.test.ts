import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';

// A real HTTP server on loopback stands in for the API, so the client's fetch, headers and
// error parsing are all exercised for real.
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.url === '/api/echo' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => send(200, JSON.stringify({ got: JSON.parse(raw), type: req.headers['content-type'] })));
    } else if (req.url === '/api/file' && req.method === 'POST') {
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="breeze-table-2026-11-23.csv"',
        'x-lang': req.headers['accept-language'] ?? '',
      });
      res.end('\uFEFFTitle\r\nDéneigement\r\n');
    } else if (req.url === '/api/limited') {
      send(
        402,
        JSON.stringify({
          statusCode: 402,
          code: 'plan_limit_reached',
          error: 'Payment Required',
          message: `lang=${req.headers['accept-language'] ?? ''}`,
        }),
      );
    } else if (req.url === '/api/missing') {
      send(
        404,
        JSON.stringify({
          statusCode: 404,
          code: 'tender_not_found',
          error: 'Not Found',
          message: 'Tender x not found',
        }),
      );
    } else {
      send(502, '<html>Bad gateway</html>', 'text/html');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api client', () => {
  test('posts JSON and returns the parsed body', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.post('/api/echo', { q: 'roofing' })).resolves.toEqual({
      got: { q: 'roofing' },
      type: 'application/json',
    });
  });

  test('turns the error body into an ApiError with its code', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.get('/api/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'tender_not_found', message: 'Tender x not found' });
  });

  test('reports a response that is not our error shape', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.get('/api/proxy-down')).rejects.toMatchObject({ status: 502, code: 'unexpected_response' });
  });

  test('sends the app language as Accept-Language, and reads an attachment as a named file', async () => {
    const api = createApiClient({ baseUrl, language: () => 'fr' });
    const file = await api.download('/api/file', { source: 'table' }, 'fallback.csv');
    expect(file.filename).toBe('breeze-table-2026-11-23.csv');
    expect(file.headers.get('x-lang')).toBe('fr');
    // The blob keeps the bytes as sent, byte-order mark included (Blob.text() would drop it).
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFTitle\r\nDéneigement\r\n');
    // A refusal is an ApiError like any other call's, whatever the expected content.
    await expect(api.download('/api/limited', {}, 'x.csv')).rejects.toMatchObject({
      status: 402,
      code: 'plan_limit_reached',
      message: 'lang=fr',
    });
  });

  test('reports an unreachable server as a network error', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(api.get('/api/health')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
