import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible endpoint on loopback: a real HTTP server speaking the chat-completions
 * protocol (POST /v1/chat/completions), whose answers each test sets with `handler`. The LLM is a
 * paid outside API, so it is the one thing the tests fake (STYLE.md), at the protocol level.
 */
export interface CompletionRequest {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
  tools?: Array<{ function: { name: string } }>;
  response_format?: unknown;
  temperature?: number;
}
export type Handler = (body: CompletionRequest, res: ServerResponse) => void | Promise<void>;

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
export const answer = (content: string) => ({
  id: 'c1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});
export const toolCall = (name: string, args: unknown) => ({
  id: 'c2',
  object: 'chat.completion',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
      },
      finish_reason: 'tool_calls',
    },
  ],
});

export interface FakeLlm {
  /** The base URL to set as LLM_BASE_URL (ends with /v1). */
  baseUrl: string;
  requests: CompletionRequest[];
  headers: IncomingMessage['headers'][];
  handler: Handler;
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = {
    baseUrl: '',
    requests: [],
    headers: [],
    handler: () => undefined,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return json(res, 404, { error: 'not found' });
      const body = JSON.parse(raw) as CompletionRequest;
      fake.requests.push(body);
      fake.headers.push(req.headers);
      void fake.handler(body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return fake;
}
