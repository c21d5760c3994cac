import { beforeAll, describe, expect, test } from 'vitest';
import { chatMessageListSchema, chatMessageSchema, chatSessionListSchema, chatSessionSchema } from '@app/shared/ai';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { formatClosing } from './labels.ts';

/** Breeze chat (offline engine): sessions per user, search by natural language, follow-up questions. */
// Dates relative to the real time: the search index drops closed notices by the wall clock.
const clock = createTestClock(new Date().toISOString());
const start = clock.now().getTime();
const monthEnd = Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth() + 1, 1) - 60_000;
const thisMonth = (share: number) => new Date(start + (monthEnd - start) * share).toISOString();
const nextMonth = new Date(monthEnd + 15 * 86_400_000).toISOString();
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  const now = clock.now();
  await insertTenders(ctx.dbh.db, [
    buildTenderRow(
      {
        id: 'cb-1-cyber-on',
        title: 'Cybersecurity vulnerability assessment services',
        description:
          'Shared Services Canada has a requirement for cybersecurity vulnerability assessment services. Resources must hold a valid Secret clearance. The estimated value of the contract is $240,000.',
        unspsc: '81111801',
        unspsc_description: 'Computer or network or internet security',
        region_keys: '|Ontario|',
        delivery_location: 'Ontario (except NCR)',
        regions_of_delivery: JSON.stringify(['Ontario (except NCR)']),
        closing_date: thisMonth(0.3),
        contact_name: 'Marie Tremblay',
        contact_email: 'marie.tremblay@example.gc.ca',
      },
      now,
    ),
    buildTenderRow(
      {
        id: 'cb-2-cyber-ab',
        title: 'Cybersecurity monitoring for Alberta offices',
        description: 'Cybersecurity monitoring services in Calgary.',
        region_keys: '|Alberta|',
        delivery_location: 'Alberta',
        regions_of_delivery: JSON.stringify(['Alberta']),
        contracting_entity_province: 'Alberta',
        closing_date: thisMonth(0.4),
      },
      now,
    ),
    buildTenderRow({ id: 'cb-3-cyber-on-later', title: 'Cybersecurity training for staff', region_keys: '|Ontario|', closing_date: nextMonth }, now),
    buildTenderRow({ id: 'cb-4-snow', title: 'Snow removal services', region_keys: '|Ontario|', closing_date: thisMonth(0.2) }, now),
    buildTenderRow({ id: 'cb-5-cyber-on-2', title: 'Cyber security incident response support', description: 'Incident response for cybersecurity events.', region_keys: '|Ontario|', closing_date: thisMonth(0.6) }, now),
  ]);
  await createConfirmedUser(ctx.dbh, 'alice@example.ca', 'alice passphrase 1', now);
  await createConfirmedUser(ctx.dbh, 'bob@example.ca', 'bob passphrase 22', now);
  alice = new TestClient(ctx.app);
  bob = new TestClient(ctx.app);
  await alice.signIn('alice@example.ca', 'alice passphrase 1');
  await bob.signIn('bob@example.ca', 'bob passphrase 22');
});

async function newSession(client: TestClient): Promise<string> {
  const res = await client.post('/api/chat/session', {});
  expect(res.statusCode).toBe(200);
  return res.json<{ sessionId: string }>().sessionId;
}

async function say(client: TestClient, sessionId: string, message: string) {
  const started = performance.now();
  const res = await client.post(`/api/chat/session/${sessionId}/message`, { message });
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { reply: chatMessageSchema.parse(res.json()), ms };
}

describe('chat', () => {
  test('finds "cybersecurity tenders in Ontario closing this month", then answers "when does it close?"', async () => {
    const sessionId = await newSession(alice);
    const { reply, ms } = await say(alice, sessionId, 'cybersecurity tenders in Ontario closing this month');
    expect(reply.role).toBe('model');
    const ids = reply.tenders.map((t) => t.id).sort();
    expect(ids).toEqual(['cb-1-cyber-on', 'cb-5-cyber-on-2']); // not Alberta, not December, not snow removal
    for (const t of reply.tenders) expect(reply.message).toContain(`(/tender-notice/${t.id})`);
    expect(reply.message).toContain('Ontario');
    expect(ms).toBeLessThan(1000); // the target is 200 ms; bench/ai.bench.ts measures it

    // Two were listed: "it" is ambiguous until one is picked.
    const ambiguous = (await say(alice, sessionId, 'when does it close?')).reply;
    expect(ambiguous.message).toContain('Which tender do you mean');

    const first = reply.tenders[0];
    const picked = (await say(alice, sessionId, 'tell me about the first one')).reply;
    expect(picked.tenders.map((t) => t.id)).toEqual([first?.id]);
    const closing = (await say(alice, sessionId, 'when does it close?')).reply;
    expect(closing.tenders.map((t) => t.id)).toEqual([first?.id]);
    const expected = first?.id === 'cb-1-cyber-on' ? thisMonth(0.3) : thisMonth(0.6);
    expect(closing.message).toContain(`closes on **${formatClosing(expected, 'en')}**`);
    expect(closing.message).toContain(`(/tender-notice/${first?.id})`);
  });

  test('answers follow-ups about the only tender found: closing, contact, value, requirements, where to bid', async () => {
    const sessionId = await newSession(alice);
    const found = (await say(alice, sessionId, 'find vulnerability assessment tenders')).reply;
    expect(found.tenders.map((t) => t.id)).toEqual(['cb-1-cyber-on']);
    expect((await say(alice, sessionId, 'When does it close?')).reply.message).toContain(formatClosing(thisMonth(0.3), 'en'));
    expect((await say(alice, sessionId, 'who is the contact?')).reply.message).toContain('[marie.tremblay@example.gc.ca](mailto:marie.tremblay@example.gc.ca)');
    expect((await say(alice, sessionId, 'how much is it worth?')).reply.message).toContain('$240,000 (estimated value)');
    expect((await say(alice, sessionId, 'what are the requirements?')).reply.message).toContain('Secret');
    expect((await say(alice, sessionId, 'where do I bid?')).reply.message).toContain('(https://canadabuys.canada.ca/');
  });

  test('compares two tenders and summarises one by ordinal', async () => {
    const sessionId = await newSession(alice);
    await say(alice, sessionId, 'cybersecurity tenders in Ontario closing this month');
    const table = (await say(alice, sessionId, 'compare 1 and 2')).reply;
    expect(table.tenders).toHaveLength(2);
    expect(table.message).toContain('| Closing |');
  });

  test('greets, helps with Breeze, and says when it does not know', async () => {
    const sessionId = await newSession(alice);
    expect((await say(alice, sessionId, 'Hello')).reply.message).toContain('find tenders');
    expect((await say(alice, sessionId, 'How do I bookmark a tender?')).reply.message).toContain('Bookmark Tender');
    expect((await say(alice, sessionId, 'what are the plans and prices?')).reply.message).toContain('14-day free trial');
    expect((await say(alice, sessionId, 'When does it close?')).reply.message).toContain('don’t know which tender');
    const none = (await say(alice, sessionId, 'find underwater basket weaving tenders')).reply;
    expect(none.message).toContain('found no open tenders');
    expect(none.tenders).toEqual([]);
  });

  test('history reloads; another user’s session is a 404; signed-out is a 401', async () => {
    const sessionId = await newSession(alice);
    await say(alice, sessionId, 'cybersecurity tenders in Ontario closing this month');
    const history = await alice.get(`/api/chat/session/${sessionId}`);
    expect(history.statusCode).toBe(200);
    const session = chatSessionSchema.parse(history.json());
    expect(session.messages.map((m) => m.role)).toEqual(['user', 'model']);
    expect(session.messages[0]?.message).toBe('cybersecurity tenders in Ontario closing this month');
    expect(session.title).toBe('cybersecurity tenders in Ontario closing this month');

    for (const res of [await bob.get(`/api/chat/session/${sessionId}`), await bob.post(`/api/chat/session/${sessionId}/message`, { message: 'hi' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'chat_session_not_found' });
    }
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.post('/api/chat/session', {})).statusCode).toBe(401);
    expect((await anonymous.get(`/api/chat/session/${sessionId}`)).statusCode).toBe(401);
  });

  test('GET /chat/sessions lists only the caller’s sessions, most recently active first; GET …/messages is owner-only', async () => {
    await createConfirmedUser(ctx.dbh, 'carol@example.ca', 'carol passphrase 3', clock.now());
    const carol = new TestClient(ctx.app);
    await carol.signIn('carol@example.ca', 'carol passphrase 3');
    const list = async (client: TestClient, query = '') => {
      const res = await client.get(`/api/chat/sessions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return chatSessionListSchema.parse(res.json()).sessions;
    };
    expect(await list(carol)).toEqual([]);

    clock.advance(1_000);
    const older = await newSession(carol);
    clock.advance(1_000);
    const newer = await newSession(carol);
    expect((await list(carol)).map((s) => s.sessionId)).toEqual([newer, older]);
    // A message makes the older conversation the most recent one.
    clock.advance(1_000);
    await say(carol, older, 'find vulnerability assessment tenders');
    const sessions = await list(carol);
    expect(sessions.map((s) => s.sessionId)).toEqual([older, newer]);
    expect(sessions[0]).toMatchObject({ title: 'find vulnerability assessment tenders', messageCount: 2 });
    expect(sessions[1]).toMatchObject({ title: null, messageCount: 0 });
    expect((await list(carol, '?limit=1')).map((s) => s.sessionId)).toEqual([older]);

    const res = await carol.get(`/api/chat/session/${older}/messages`);
    expect(res.statusCode).toBe(200);
    const history = chatMessageListSchema.parse(res.json());
    expect(history.sessionId).toBe(older);
    expect(history.messages.map((m) => [m.role, m.message.slice(0, 20)])).toEqual([
      ['user', 'find vulnerability a'],
      ['model', 'I found **1** open t'],
    ]);
    expect(history.messages[1]?.tenders.map((t) => t.id)).toEqual(['cb-1-cyber-on']);
    expect(res.json()).not.toHaveProperty('messages.1.metadata');

    // Nobody else sees them: not in Bob's list, 404 on Bob's read, 401 signed out.
    const bobs = (await list(bob)).map((s) => s.sessionId);
    expect(bobs).not.toContain(older);
    expect(bobs).not.toContain(newer);
    const stolen = await bob.get(`/api/chat/session/${older}/messages`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'chat_session_not_found' });
    expect((await bob.get('/api/chat/session/no-such-session/messages')).statusCode).toBe(404);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/chat/sessions')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/chat/session/${older}/messages`)).statusCode).toBe(401);
    for (const query of ['?limit=0', '?limit=101', '?limit=abc']) {
      const bad = await carol.get(`/api/chat/sessions${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await carol.get('/api/chat/session/bad%20id/messages')).statusCode).toBe(400);
  });

  test('refuses bad messages with a 400', async () => {
    const sessionId = await newSession(alice);
    for (const body of [{}, { message: '' }, { message: '   ' }, { message: 'x'.repeat(2001) }, { message: 5 }, { message: 'a\u0000b' }]) {
      const res = await alice.post(`/api/chat/session/${sessionId}/message`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await alice.get('/api/chat/session/bad%20id')).statusCode).toBe(400);
  });

  test('answers in French', async () => {
    const sessionId = await newSession(alice);
    const res = await alice.post(`/api/chat/session/${sessionId}/message`, { message: 'Trouve des appels d’offres de cybersecurity en Ontario', locale: 'fr' });
    const reply = chatMessageSchema.parse(res.json());
    expect(reply.message).toContain('J’ai trouvé');
    expect(reply.tenders.length).toBeGreaterThan(0);
  });
});
