import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { chatMessageSchema, citedFieldText, tenderSummarySchema } from '@app/shared/ai';
import { tenderSchema } from '@app/shared/tender';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { answer, type CompletionRequest, type FakeLlm, json, startFakeLlm, toolCall } from '../../../test/fake-llm.ts';

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
        description: 'Shared Services Canada has a requirement for a cybersecurity assessment. The contractor must hold a Secret clearance.',
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
    expect(fake.requests[0]?.tools?.map((t) => t.function.name)).toEqual(['search_tenders', 'get_tender', 'get_profile']);
  });

  test('a tool call round trip: the model asks search_tenders, gets results, answers with a link', async () => {
    fake.handler = (body, res) => {
      const toolMessage = body.messages.find((m) => m.role === 'tool');
      if (!toolMessage) return json(res, 200, toolCall('search_tenders', { query: 'cybersecurity in Ontario' }));
      const results = (JSON.parse(toolMessage.content ?? '{}') as { results: Array<{ id: string; title: string }> }).results;
      const first = results[0];
      // An invented tender's link must not survive.
      return json(res, 200, answer(`I found [${first?.title}](/tender-notice/${first?.id}) and [Made up](/tender-notice/cb-0-invented).`));
    };
    const { reply } = await chat('cybersecurity work in Ontario?');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.messages.some((m) => m.role === 'tool' && m.tool_call_id === 'call_1' && m.content?.includes('cb-9-cyber'))).toBe(true);
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
    ['a timeout', (_b: CompletionRequest, res: ServerResponse) => void setTimeout(() => json(res, 200, answer('too late')), 1_000)],
    ['an HTTP 500', (_b: CompletionRequest, res: ServerResponse) => json(res, 500, { error: { message: 'boom' } })],
    ['a reply that is not JSON', (_b: CompletionRequest, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [');
    }],
    ['a reply without choices', (_b: CompletionRequest, res: ServerResponse) => json(res, 200, { id: 'x', object: 'chat.completion' })],
    ['an empty answer', (_b: CompletionRequest, res: ServerResponse) => json(res, 200, answer(''))],
    ['endless tool calls', (_b: CompletionRequest, res: ServerResponse) => json(res, 200, toolCall('search_tenders', { query: 'again' }))],
  ])('%s falls back to the offline engine (no 5xx)', async (_name, h) => {
    fake.handler = h;
    const { reply, sessionId } = await chat('cybersecurity tenders in Ontario');
    expect(reply.tenders.map((t) => t.id)).toEqual(['cb-9-cyber']);
    expect(reply.message).toContain('(/tender-notice/cb-9-cyber)');
    // The fallback is recorded with the message, not shown to the user.
    const row = await ctx.dbh.db.selectFrom('chat_message').select('metadata').where('session_id', '=', sessionId).where('role', '=', 'model').executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata)).toHaveProperty('fallback');
  });

  test('summaries: the model writes the summary citing numbered sentences; value and requirements stay extracted', async () => {
    fake.handler = (body, res) => {
      expect(body.response_format).toEqual({ type: 'json_object' });
      return json(res, 200, answer(JSON.stringify({ summary: [{ text: 'SSC wants a cybersecurity assessment.', sentences: [0] }], objective: { text: 'A cybersecurity assessment for SSC.', sentence: 0 } })));
    };
    const res = await client.post('/api/ai/generateTenderSummary', { tenderId: 'cb-9-cyber' });
    expect(res.statusCode).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.provider).toBe('test-model');
    expect(s.summary).toBe('SSC wants a cybersecurity assessment.');
    expect(s.requirementKinds).toContain('security');
    const tender = tenderSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/tenders/getTenderById/cb-9-cyber' })).json());
    for (const c of s.citations) expect(citedFieldText(tender, c.field).slice(c.start, c.end)).toBe(c.quote);
    expect(s.citations.find((c) => c.item === 'summary')?.quote).toContain('has a requirement for a cybersecurity assessment');
  });

  test('a summary citing sentences that do not exist falls back to the offline engine', async () => {
    await ctx.dbh.db.deleteFrom('tender_summary').execute();
    fake.handler = (_b, res) => json(res, 200, answer(JSON.stringify({ summary: [{ text: 'Invented.', sentences: [99] }], objective: { text: 'x', sentence: 0 } })));
    const res = await client.post('/api/ai/generateTenderSummary', { tenderId: 'cb-9-cyber' });
    expect(res.statusCode).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.provider).toBe('offline');
    expect(s.summary).toContain('Shared Services Canada has a requirement');
  });
});
