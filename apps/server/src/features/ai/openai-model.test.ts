import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { chatMessageSchema, citedFieldText, tenderSummarySchema } from '@app/shared/ai';
import { tenderSchema } from '@app/shared/tender';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { answer, type CompletionRequest, type FakeLlm, json, startFakeLlm, toolCall } from '../../../test/fake-llm.ts';
import { withOfflineFallback } from './language-model.ts';
import { createOpenAiModel } from './openai-model.ts';
import { sourceFromText } from './tender-analysis.ts';

/**
 * The OpenAI-compatible provider against a real HTTP server on loopback that speaks the
 * chat-completions protocol (test/fake-llm.ts): a plain answer, a tool-call round trip, a timeout,
 * HTTP errors and malformed replies. Failures fall back to the offline engine; the client never
 * sees a 5xx.
 */
let fake: FakeLlm;

// Real time: the search index drops closed notices by the wall clock.
const clock = createTestClock(new Date().toISOString());
const closing = new Date(clock.now().getTime() + 5 * 86_400_000).toISOString();
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let client: TestClient;

beforeAll(async () => {
  fake = await startFakeLlm();
  ctx = await buildTestApp({
    now: clock.now,
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '300' },
  });
  await insertTenders(ctx.dbh.db, [
    buildTenderRow(
      {
        id: 'cb-9-cyber',
        title: 'Cybersecurity assessment services',
        description:
          'Shared Services Canada has a requirement for a cybersecurity assessment. The contractor must hold a Secret clearance.',
        region_keys: '|Ontario|',
        closing_date: closing,
      },
      clock.now(),
    ),
  ]);
  await createConfirmedUser(ctx.dbh, 'model@example.ca', 'model passphrase 1', clock.now());
  client = new TestClient(ctx.app);
  await client.signIn('model@example.ca', 'model passphrase 1');
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
  fake.headers.length = 0;
});

async function chat(message: string) {
  const { sessionId } = (await client.post('/api/chat/session', {})).json<{ sessionId: string }>();
  const res = await client.post(`/api/chat/session/${sessionId}/message`, { message });
  expect(res.statusCode, res.body).toBe(200);
  return { reply: chatMessageSchema.parse(res.json()), sessionId };
}

describe('OpenAI-compatible provider', () => {
  test('a plain answer comes from the model, with the key and the model name', async () => {
    fake.handler = (_body, res) => json(res, 200, answer('Hello from the model.'));
    const { reply } = await chat('hello');
    expect(reply.message).toBe('Hello from the model.');
    expect(fake.requests[0]?.model).toBe('test-model');
    expect(fake.headers[0]?.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0]?.tools?.map((t) => t.function.name)).toEqual([
      'search_tenders',
      'get_tender',
      'get_profile',
      'recommend_tenders',
    ]);
  });

  test('a tool call round trip: the model asks search_tenders, gets results, answers with a link', async () => {
    fake.handler = (body, res) => {
      const toolMessage = body.messages.find((m) => m.role === 'tool');
      if (!toolMessage) return json(res, 200, toolCall('search_tenders', { query: 'cybersecurity in Ontario' }));
      const results = (JSON.parse(toolMessage.content ?? '{}') as { results: Array<{ id: string; title: string }> })
        .results;
      const first = results[0];
      // An invented tender's link must not survive.
      return json(
        res,
        200,
        answer(`I found [${first?.title}](/tender-notice/${first?.id}) and [Made up](/tender-notice/cb-0-invented).`),
      );
    };
    const { reply } = await chat('cybersecurity work in Ontario?');
    expect(fake.requests).toHaveLength(2);
    expect(
      fake.requests[1]?.messages.some(
        (m) => m.role === 'tool' && m.tool_call_id === 'call_1' && m.content?.includes('cb-9-cyber'),
      ),
    ).toBe(true);
    expect(reply.message).toContain('[Cybersecurity assessment services](/tender-notice/cb-9-cyber)');
    expect(reply.message).toContain('and Made up.');
    expect(reply.tenders).toEqual([{ id: 'cb-9-cyber', title: 'Cybersecurity assessment services' }]);
  });

  test('get_tender gives the model the record and its requirements', async () => {
    fake.handler = (body, res) => {
      const toolMessage = body.messages.find((m) => m.role === 'tool');
      if (!toolMessage) return json(res, 200, toolCall('get_tender', { id: 'cb-9-cyber' }));
      const t = JSON.parse(toolMessage.content ?? '{}') as { requirements: string[]; closing_date: string };
      return json(res, 200, answer(`It closes ${t.closing_date}. Requirements: ${t.requirements.join('; ')}`));
    };
    const { reply } = await chat('what does cb-9-cyber require?');
    expect(reply.message).toContain(closing);
    expect(reply.message).toContain('Secret');
  });

  test.each([
    [
      'a timeout',
      (_b: CompletionRequest, res: ServerResponse) => void setTimeout(() => json(res, 200, answer('too late')), 1_000),
    ],
    ['an HTTP 500', (_b: CompletionRequest, res: ServerResponse) => json(res, 500, { error: { message: 'boom' } })],
    [
      'a reply that is not JSON',
      (_b: CompletionRequest, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices": [');
      },
    ],
    [
      'a reply without choices',
      (_b: CompletionRequest, res: ServerResponse) => json(res, 200, { id: 'x', object: 'chat.completion' }),
    ],
    ['an empty answer', (_b: CompletionRequest, res: ServerResponse) => json(res, 200, answer(''))],
    [
      'endless tool calls',
      (_b: CompletionRequest, res: ServerResponse) => json(res, 200, toolCall('search_tenders', { query: 'again' })),
    ],
  ])('%s falls back to the offline engine (no 5xx)', async (_name, h) => {
    fake.handler = h;
    const { reply, sessionId } = await chat('cybersecurity tenders in Ontario');
    expect(reply.tenders.map((t) => t.id)).toEqual(['cb-9-cyber']);
    expect(reply.message).toContain('(/tender-notice/cb-9-cyber)');
    // The fallback is recorded with the message, not shown to the user.
    const row = await ctx.dbh.db
      .selectFrom('chat_message')
      .select('metadata')
      .where('session_id', '=', sessionId)
      .where('role', '=', 'model')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata)).toHaveProperty('fallback');
  });

  test('summaries: the model writes the summary citing numbered sentences; value and requirements stay extracted', async () => {
    fake.handler = (body, res) => {
      expect(body.response_format).toEqual({ type: 'json_object' });
      return json(
        res,
        200,
        answer(
          JSON.stringify({
            summary: [{ text: 'SSC wants a cybersecurity assessment.', sentences: [0] }],
            objective: { text: 'A cybersecurity assessment for SSC.', sentence: 0 },
          }),
        ),
      );
    };
    const res = await client.post('/api/ai/generateTenderSummary', { tenderId: 'cb-9-cyber' });
    expect(res.statusCode).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.provider).toBe('test-model');
    expect(s.summary).toBe('SSC wants a cybersecurity assessment.');
    expect(s.requirementKinds).toContain('security');
    const tender = tenderSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/tenders/getTenderById/cb-9-cyber' })).json(),
    );
    for (const c of s.citations) expect(citedFieldText(tender, c.field).slice(c.start, c.end)).toBe(c.quote);
    expect(s.citations.find((c) => c.item === 'summary')?.quote).toContain(
      'has a requirement for a cybersecurity assessment',
    );
  });

  test('a summary citing sentences that do not exist falls back to the offline engine', async () => {
    await ctx.dbh.db.deleteFrom('tender_summary').execute();
    fake.handler = (_b, res) =>
      json(
        res,
        200,
        answer(
          JSON.stringify({ summary: [{ text: 'Invented.', sentences: [99] }], objective: { text: 'x', sentence: 0 } }),
        ),
      );
    const res = await client.post('/api/ai/generateTenderSummary', { tenderId: 'cb-9-cyber' });
    expect(res.statusCode).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.provider).toBe('offline');
    expect(s.summary).toContain('Shared Services Canada has a requirement');
  });

  test('recommend_tenders gives the model the profile fit with scores and reasons', async () => {
    const me = (await client.get('/api/auth/user')).json<{ user: { id: string } }>();
    expect(
      (
        await client.post('/api/profile', {
          id: me.user.id,
          primary_services: ['Cybersecurity'],
          service_regions: ['Ontario'],
        })
      ).statusCode,
    ).toBe(200);
    fake.handler = (body, res) => {
      const toolMessage = body.messages.find((m) => m.role === 'tool');
      if (!toolMessage) return json(res, 200, toolCall('recommend_tenders', { limit: 3 }));
      const r = JSON.parse(toolMessage.content ?? '{}') as {
        results: Array<{ id: string; title: string; relevance_score: number; reasons: string[] }>;
      };
      const top = r.results[0];
      return json(
        res,
        200,
        answer(
          `[${top?.title}](/tender-notice/${top?.id}) fits: ${top?.relevance_score}% (${top?.reasons.join('; ')})`,
        ),
      );
    };
    const { reply } = await chat('which tenders fit my profile?');
    expect(reply.tenders.map((t) => t.id)).toEqual(['cb-9-cyber']);
    expect(reply.message).toMatch(
      /^\[Cybersecurity assessment services\]\(\/tender-notice\/cb-9-cyber\) fits: \d+% \(.*Ontario/,
    );
  });

  test('a summary call that times out falls back to the offline engine (no 5xx, no wait beyond the timeout)', async () => {
    await ctx.dbh.db.deleteFrom('tender_summary').execute();
    fake.handler = (_b, res) =>
      void setTimeout(
        () =>
          json(
            res,
            200,
            answer('{"summary":[{"text":"late","sentences":[0]}],"objective":{"text":"late","sentence":0}}'),
          ),
        1_500,
      );
    const started = Date.now();
    const res = await client.post('/api/ai/generateTenderSummary', { tenderId: 'cb-9-cyber' });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_400); // LLM_TIMEOUT_MS is 300, and no retry
    expect(fake.requests).toHaveLength(1);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.provider).toBe('offline');
    expect(s.summary).toContain('Shared Services Canada has a requirement');
    // A fallback is not stored under the model's name: the next request asks the model again.
    expect(await ctx.dbh.db.selectFrom('tender_summary').select('provider').execute()).toEqual([]);
  });
});

describe('OpenAI-compatible provider, endpoint down', () => {
  /** A loopback port nobody listens on: the connection is refused. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    return port;
  }

  test('a refused connection during a summary and a chat falls back to the offline engine (no 5xx)', async () => {
    const down = await buildTestApp({
      now: clock.now,
      env: {
        LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`,
        LLM_MODEL: 'test-model',
        LLM_TIMEOUT_MS: '2000',
      },
    });
    await insertTenders(down.dbh.db, [
      buildTenderRow(
        {
          id: 'cb-9-down',
          title: 'Janitorial services',
          description:
            'Public Works requires janitorial services for its Halifax offices. Bidders must attend a mandatory site visit.',
          closing_date: closing,
        },
        clock.now(),
      ),
    ]);
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/ai/generateTenderSummary',
      payload: { tenderId: 'cb-9-down' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.provider).toBe('offline');
    expect(s.requirementKinds).toContain('site_visit');

    await createConfirmedUser(down.dbh, 'down@example.ca', 'down passphrase 1', clock.now());
    const user = new TestClient(down.app);
    await user.signIn('down@example.ca', 'down passphrase 1');
    const { sessionId } = (await user.post('/api/chat/session', {})).json<{ sessionId: string }>();
    const reply = await user.post(`/api/chat/session/${sessionId}/message`, { message: 'janitorial tenders' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(chatMessageSchema.parse(reply.json()).tenders.map((t) => t.id)).toEqual(['cb-9-down']);
    const row = await down.dbh.db
      .selectFrom('chat_message')
      .select('metadata')
      .where('session_id', '=', sessionId)
      .where('role', '=', 'model')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata)).toMatchObject({ fallback: 'connection failed (ECONNREFUSED)' });
  });

  test('the fallback logs why: timeout, refused connection, HTTP status; without a key no Authorization header is sent', async () => {
    const warnings: Array<{ reason: string }> = [];
    const log = { warn: (obj: { reason: string }) => warnings.push(obj) } as unknown as FastifyBaseLogger;
    const source = sourceFromText(
      'Title: Snow removal\nThe City requires snow removal services. The contractor must carry liability insurance.',
    );
    const models = [
      createOpenAiModel({ baseUrl: fake.baseUrl, model: 'm', timeoutMs: 200 }),
      createOpenAiModel({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, model: 'm', timeoutMs: 2_000 }),
      createOpenAiModel({ baseUrl: fake.baseUrl, model: 'm', timeoutMs: 2_000 }),
    ];
    fake.handler = (_b, res) => void setTimeout(() => json(res, 200, answer('{}')), 800);
    const timedOut = await withOfflineFallback(models[0]!, log).summarize(source, 'en');
    fake.handler = (_b, res) => json(res, 503, { error: { message: 'overloaded' } });
    const refused = await withOfflineFallback(models[1]!, log).summarize(source, 'en');
    const unavailable = await withOfflineFallback(models[2]!, log).summarize(source, 'en');
    expect([timedOut, refused, unavailable].map((o) => [o.provider, o.fallback])).toEqual([
      ['offline', 'timeout'],
      ['offline', 'connection failed (ECONNREFUSED)'],
      ['offline', 'HTTP 503'],
    ]);
    expect(warnings.map((w) => w.reason)).toEqual(['timeout', 'connection failed (ECONNREFUSED)', 'HTTP 503']);
    expect(timedOut.core.requirementKinds).toContain('insurance');
    expect(fake.headers.at(-1)?.authorization).toBeUndefined();
  });
});
