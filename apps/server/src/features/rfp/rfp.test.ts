import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RfpDocument, RfpDocumentDetail, RfpDocumentList } from '@app/shared/rfp';
import { createConfirmedUser, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  CAMROSE_ADD1,
  CAMROSE_RFP,
  CER_RFP,
  encryptedPdf,
  hasRealPdfs,
  imageOnlyPdf,
  manyPagesPdf,
  memoryHogPdf,
  multipartBody,
  paddedPdf,
  PENHOLD_RFP,
  plainPdf,
  RFP_PDF_DIR,
  realPdf,
  zipBombPdf,
} from '../../../test/rfp-fixtures.ts';
import { createPdfExtractor } from './rfp.extract.ts';
import { findDocumentFile, listUploadEvents } from './rfp.queries.ts';

const PASSWORD = 'correct horse battery staple 42';

async function signedIn(app: Awaited<ReturnType<typeof buildTestApp>>, email: string) {
  await createConfirmedUser(app.dbh, email, PASSWORD);
  const client = new TestClient(app.app);
  const { user } = await client.signIn(email, PASSWORD);
  return { client, userId: user.id };
}

function upload(client: TestClient, files: Array<{ filename: string; content: Uint8Array; type?: string }>) {
  const body = multipartBody(files);
  return client.request('POST', '/api/rfp/documents', body.payload, body.headers);
}

/** A tiny valid PDF with a text layer (no real corpus needed). */
const smallPdf = () => plainPdf();

describe('RFP documents API', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let alice: TestClient;
  let aliceId: string;
  let bob: TestClient;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ({ client: alice, userId: aliceId } = await signedIn(ctx, 'alice@example.com'));
    ({ client: bob } = await signedIn(ctx, 'bob@example.com'));
  });

  test('requires a session', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get('/api/rfp/documents')).statusCode).toBe(401);
    const body = multipartBody([{ filename: 'a.pdf', content: smallPdf() }]);
    const res = await anonymous.request('POST', '/api/rfp/documents', body.payload, body.headers);
    expect(res.statusCode).toBe(401);
  });

  test('a multipart upload with the session cookie must come from the app origin', async () => {
    const body = multipartBody([{ filename: 'a.pdf', content: smallPdf() }]);
    const noOrigin = new TestClient(ctx.app, { origin: null });
    noOrigin.cookie = alice.cookie;
    expect((await noOrigin.request('POST', '/api/rfp/documents', body.payload, body.headers)).json()).toMatchObject({
      code: 'forbidden_origin',
    });
    const evil = new TestClient(ctx.app, { origin: 'https://evil.example' });
    evil.cookie = alice.cookie;
    const res = await evil.request('POST', '/api/rfp/documents', body.payload, body.headers);
    expect(res.statusCode).toBe(403);
    // Other routes still refuse a non-JSON body.
    const form = await alice.request('POST', '/api/profile', 'a=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(403);
  });

  test('upload, list, analyse, report, link an addendum and delete, on real PDFs', async () => {
    if (!hasRealPdfs()) {
      console.warn(`${RFP_PDF_DIR} is absent: real-PDF upload not run`);
      return;
    }
    const up = await upload(alice, [
      { filename: CAMROSE_RFP, content: realPdf(CAMROSE_RFP) },
      { filename: CAMROSE_ADD1, content: realPdf(CAMROSE_ADD1) },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const docs = up.json<{ documents: RfpDocument[] }>().documents;
    const rfp = docs.find((d) => d.filename === CAMROSE_RFP);
    const add = docs.find((d) => d.filename === CAMROSE_ADD1);
    expect(rfp).toMatchObject({ status: 'ready', pageCount: 25, kind: 'rfp', progress: 100, error: null });
    expect(add).toMatchObject({ status: 'ready', pageCount: 2, kind: 'addendum', linkedTo: { id: rfp?.id } });
    if (!rfp || !add) return;

    const stored = await findDocumentFile(ctx.dbh.db, aliceId, rfp.id);
    expect(Buffer.from(stored ?? []).equals(Buffer.from(realPdf(CAMROSE_RFP)))).toBe(true);

    const list = (await alice.get('/api/rfp/documents')).json<RfpDocumentList>();
    expect(list.documents.map((d) => d.id).sort()).toEqual([rfp.id, add.id].sort());
    expect(list.usage).toMatchObject({ files: 2, maxFiles: 20 });

    const analysed = await alice.post(`/api/rfp/documents/${rfp.id}/analyze`);
    expect(analysed.statusCode, analysed.body).toBe(200);
    const detail = analysed.json<RfpDocumentDetail>();
    expect(detail.status).toBe('completed');
    expect(detail.analysis?.timeline.proposalDeadline).toMatchObject({ date: '2026-04-02', timeZone: 'MST' });
    expect(detail.citations.length).toBeGreaterThan(10);

    expect((await alice.post(`/api/rfp/documents/${add.id}/analyze`)).statusCode).toBe(200);
    const withAddenda = (await alice.get(`/api/rfp/documents/${rfp.id}`)).json<RfpDocumentDetail>();
    expect(withAddenda.addenda).toHaveLength(1);
    expect(withAddenda.addenda[0]?.changes.find((c) => c.section === '4.11')).toMatchObject({
      kind: 'added',
      rfpReference: { page: 17 },
    });

    const pdf = await alice.get(`/api/rfp/documents/${rfp.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="AB-2026-01424_WDMLRL_RFP-analysis.pdf"; filename*=UTF-8''AB-2026-01424_WDMLRL_RFP-analysis.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const extractor = createPdfExtractor({
      maxPages: 500,
      maxInflatedBytes: 200 * 1024 * 1024,
      timeoutMs: 60_000,
      heapMb: 512,
    });
    const reportText = await extractor.extract(new Uint8Array(pdf.rawPayload));
    await extractor.close();
    expect(reportText.ok && reportText.pages.join('\n')).toContain('AB-2026-01424');
    expect(reportText.ok && reportText.pages.join('\n')).toContain('p. 5:');

    const md = await alice.get(`/api/rfp/documents/${rfp.id}/report.md`);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.body).toContain('# RFP analysis: AB-2026-01424');
    expect(md.body).toMatch(/> p\. \d+: "/);

    // Another user's document does not exist for them.
    for (const [method, url] of [
      ['GET', `/api/rfp/documents/${rfp.id}`],
      ['GET', `/api/rfp/documents/${rfp.id}/report.pdf`],
      ['POST', `/api/rfp/documents/${rfp.id}/analyze`],
      ['DELETE', `/api/rfp/documents/${rfp.id}`],
    ] as const) {
      const res = await bob.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'rfp_document_not_found' });
    }
    expect((await bob.get('/api/rfp/documents')).json<RfpDocumentList>().documents).toEqual([]);

    expect((await alice.delete(`/api/rfp/documents/${add.id}`)).statusCode).toBe(204);
    expect((await alice.get(`/api/rfp/documents/${add.id}`)).statusCode).toBe(404);
    expect(await findDocumentFile(ctx.dbh.db, aliceId, add.id)).toBeUndefined();
    expect((await alice.delete(`/api/rfp/documents/${rfp.id}`)).statusCode).toBe(204);
  });

  test('the federal RFP report carries its solicitation number', async () => {
    if (!hasRealPdfs()) {
      console.warn(`${RFP_PDF_DIR} is absent: real-PDF upload not run`);
      return;
    }
    const up = await upload(bob, [{ filename: CER_RFP, content: realPdf(CER_RFP) }]);
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? '';
    expect(up.json<{ documents: RfpDocument[] }>().documents[0]).toMatchObject({
      solicitationNumber: '84084-24-0022/A',
      kind: 'rfp',
    });
    expect((await bob.post(`/api/rfp/documents/${id}/analyze`)).statusCode).toBe(200);
    const md = await bob.get(`/api/rfp/documents/${id}/report.md`);
    expect(md.body).toContain('# RFP analysis: 84084-24-0022/A');
    expect((await bob.delete(`/api/rfp/documents/${id}`)).statusCode).toBe(204);
  });

  test('a report before analysis is a 409', async () => {
    const up = await upload(alice, [{ filename: 'script.pdf', content: smallPdf() }]);
    const id = up.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? '';
    expect((await alice.get(`/api/rfp/documents/${id}/report.pdf`)).json()).toMatchObject({
      statusCode: 409,
      code: 'rfp_not_analyzed',
    });
    await alice.delete(`/api/rfp/documents/${id}`);
  });

  describe('bad files get their documented 4xx within seconds, never a 5xx', () => {
    const cases: Array<[string, () => Promise<Uint8Array> | Uint8Array, number, string]> = [
      ['a renamed text file', () => new TextEncoder().encode('Dear bidder,\nthis is plain text.\n'), 415, 'not_a_pdf'],
      ['a truncated PDF', async () => (await manyPagesPdf(40)).subarray(0, 9000), 422, 'pdf_unreadable'],
      [
        'a PDF with a damaged body',
        () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41), Buffer.from('\n%%EOF\n')]),
        422,
        'pdf_unreadable',
      ],
      ['an encrypted PDF', encryptedPdf, 422, 'pdf_encrypted'],
      ['a zip bomb (1 GB in one Flate stream)', () => zipBombPdf(1024), 422, 'pdf_too_complex'],
      [
        'an 11 MB file',
        () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]),
        413,
        'file_too_large',
      ],
      ['a 600-page PDF', () => manyPagesPdf(600), 422, 'too_many_pages'],
    ];
    for (const [name, make, status, code] of cases) {
      test(name, async () => {
        const content = await make();
        const started = Date.now();
        const res = await upload(alice, [{ filename: 'tender.pdf', content }]);
        expect(Date.now() - started).toBeLessThan(15_000);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toMatchObject({ code });
        expect(
          (await alice.get('/api/rfp/documents'))
            .json<RfpDocumentList>()
            .documents.filter((d) => d.filename === 'tender.pdf'),
        ).toEqual([]);
      });
    }

    test('a PDF without a text layer is stored as needing OCR and is not analysed as empty', async () => {
      const res = await upload(alice, [{ filename: 'scan.pdf', content: await imageOnlyPdf() }]);
      expect(res.statusCode).toBe(201);
      const doc = res.json<{ documents: RfpDocument[] }>().documents[0];
      expect(doc).toMatchObject({ status: 'error', error: { code: 'pdf_needs_ocr' } });
      const analyse = await alice.post(`/api/rfp/documents/${doc?.id ?? ''}/analyze`);
      expect(analyse.statusCode).toBe(422);
      expect(analyse.json()).toMatchObject({ code: 'pdf_needs_ocr' });
      await alice.delete(`/api/rfp/documents/${doc?.id ?? ''}`);
    });

    test('one bad file refuses the whole upload', async () => {
      const res = await upload(alice, [
        { filename: 'good.pdf', content: smallPdf() },
        { filename: 'bad.pdf', content: new TextEncoder().encode('not a pdf') },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json<{ message: string }>().message).toContain('bad.pdf');
      expect((await alice.get('/api/rfp/documents')).json<RfpDocumentList>().documents).toEqual([]);
    });

    test('an upload without a file is a 400', async () => {
      const res = await alice.request('POST', '/api/rfp/documents', '--x--\r\n', {
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  afterAll(async () => {
    await ctx.app.close();
  });
});

test('the per-user quota is enforced (413 storage_quota_exceeded)', async () => {
  const ctx = await buildTestApp({ env: { RFP_MAX_FILES_PER_USER: '2' } });
  const { client } = await signedIn(ctx, 'carol@example.com');
  const one = multipartBody([
    { filename: 'a.pdf', content: smallPdf() },
    { filename: 'b.pdf', content: smallPdf() },
  ]);
  expect((await client.request('POST', '/api/rfp/documents', one.payload, one.headers)).statusCode).toBe(201);
  const more = multipartBody([{ filename: 'c.pdf', content: smallPdf() }]);
  const res = await client.request('POST', '/api/rfp/documents', more.payload, more.headers);
  expect(res.statusCode).toBe(413);
  expect(res.json()).toMatchObject({ code: 'storage_quota_exceeded' });
});

test('a parse that runs past the time limit is killed and refused (422 pdf_too_complex)', async () => {
  if (!hasRealPdfs()) {
    console.warn(`${RFP_PDF_DIR} is absent: time-limit check not run`);
    return;
  }
  const ctx = await buildTestApp({ env: { RFP_PARSE_TIMEOUT_MS: '500' } });
  const { client } = await signedIn(ctx, 'dave@example.com');
  const body = multipartBody([{ filename: PENHOLD_RFP, content: realPdf(PENHOLD_RFP) }]);
  const started = Date.now();
  const res = await client.request('POST', '/api/rfp/documents', body.payload, body.headers);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({ code: 'pdf_too_complex' });
});

test('the per-user byte quota is enforced (RFP_MAX_STORAGE_MB: 413 storage_quota_exceeded)', async () => {
  const ctx = await buildTestApp({ env: { RFP_MAX_STORAGE_MB: '1' } });
  const { client } = await signedIn(ctx, 'erin@example.com');
  const first = multipartBody([{ filename: 'drawings-1.pdf', content: paddedPdf(600_000) }]);
  expect((await client.request('POST', '/api/rfp/documents', first.payload, first.headers)).statusCode).toBe(201);
  const usage = (await client.get('/api/rfp/documents')).json<RfpDocumentList>().usage;
  expect(usage).toMatchObject({ files: 1, maxBytes: 1024 * 1024 });
  expect(usage.bytes).toBeGreaterThan(590_000);
  // 2 files of the 20 allowed, but 1.2 MB of 1 MB.
  const second = multipartBody([{ filename: 'drawings-2.pdf', content: paddedPdf(600_000) }]);
  const res = await client.request('POST', '/api/rfp/documents', second.payload, second.headers);
  expect(res.statusCode).toBe(413);
  expect(res.json()).toMatchObject({ code: 'storage_quota_exceeded' });
  expect((await client.get('/api/rfp/documents')).json<RfpDocumentList>().documents.map((d) => d.filename)).toEqual([
    'drawings-1.pdf',
  ]);
});

test('more files in one upload than allowed is a 413 too_many_files, and nothing is stored', async () => {
  const ctx = await buildTestApp({ env: { RFP_MAX_FILES_PER_USER: '2' } });
  const { client } = await signedIn(ctx, 'frank@example.com');
  const body = multipartBody([1, 2, 3].map((n) => ({ filename: `part-${n}.pdf`, content: smallPdf() })));
  const res = await client.request('POST', '/api/rfp/documents', body.payload, body.headers);
  expect(res.statusCode).toBe(413);
  expect(res.json()).toMatchObject({ code: 'too_many_files' });
  expect((await client.get('/api/rfp/documents')).json<RfpDocumentList>().documents).toEqual([]);
});

test('a parse that needs more than the worker memory limit is stopped and refused (422 pdf_too_complex)', async () => {
  const ctx = await buildTestApp({ env: { RFP_PARSE_HEAP_MB: '64' } });
  const { client } = await signedIn(ctx, 'grace@example.com');
  const body = multipartBody([{ filename: 'one-long-string.pdf', content: memoryHogPdf() }]);
  const started = Date.now();
  const res = await client.request('POST', '/api/rfp/documents', body.payload, body.headers);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({
    code: 'pdf_too_complex',
    message: 'one-long-string.pdf: Reading the PDF needed too much memory',
  });
}, 30_000);

test('uploads are rate limited per user and per client address (429 rate_limited), and every upload is recorded', async () => {
  const ctx = await buildTestApp({ env: { RFP_UPLOADS_PER_HOUR: '2', RFP_UPLOADS_PER_HOUR_PER_IP: '3' } });
  const { client: heidi, userId: heidiId } = await signedIn(ctx, 'heidi@example.com');
  const { client: ivan, userId: ivanId } = await signedIn(ctx, 'ivan@example.com');
  const send = (c: TestClient, name: string) => {
    const body = multipartBody([{ filename: name, content: smallPdf() }]);
    return c.request('POST', '/api/rfp/documents', body.payload, body.headers);
  };
  expect((await send(heidi, 'h1.pdf')).statusCode).toBe(201);
  expect((await send(heidi, 'h2.pdf')).statusCode).toBe(201);
  const third = await send(heidi, 'h3.pdf');
  expect(third.statusCode).toBe(429);
  expect(third.json()).toMatchObject({ code: 'rate_limited' });
  expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  // Same address (app.inject is 127.0.0.1): Ivan's first upload is the address's third, his second is over.
  expect((await send(ivan, 'i1.pdf')).statusCode).toBe(201);
  expect((await send(ivan, 'i2.pdf')).json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
  expect(
    (await heidi.get('/api/rfp/documents'))
      .json<RfpDocumentList>()
      .documents.map((d) => d.filename)
      .sort(),
  ).toEqual(['h1.pdf', 'h2.pdf']);

  const events = await listUploadEvents(ctx.dbh.db, heidiId);
  expect(events.map((e) => [e.outcome, e.code, e.filename]).sort()).toEqual([
    ['accepted', null, 'h1.pdf'],
    ['accepted', null, 'h2.pdf'],
    ['rejected', 'rate_limited', null],
  ]);
  const accepted = events.filter((e) => e.outcome === 'accepted');
  for (const e of accepted) {
    expect(e).toMatchObject({ ip: '127.0.0.1', sizeBytes: smallPdf().byteLength });
    expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(e.documentId).toBeTruthy();
  }
  expect((await listUploadEvents(ctx.dbh.db, ivanId)).map((e) => e.outcome)).toEqual(
    expect.arrayContaining(['accepted', 'rejected']),
  );
});

test('a failed analysis (spec §8) answers 422 analysis_failed and leaves the document in error with its reason', async () => {
  const ctx = await buildTestApp();
  const { client } = await signedIn(ctx, 'judy@example.com');
  const body = multipartBody([{ filename: 'damaged.pdf', content: smallPdf() }]);
  const id =
    (await client.request('POST', '/api/rfp/documents', body.payload, body.headers)).json<{
      documents: RfpDocument[];
    }>().documents[0]?.id ?? '';
  // The stored text is damaged (not a list of page texts): the analysis cannot run.
  await ctx.dbh.db.updateTable('rfp_document').set({ pages: '{"damaged": true}' }).where('id', '=', id).execute();
  const res = await client.post(`/api/rfp/documents/${id}/analyze`);
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({ code: 'analysis_failed', message: 'Analysis failed' });
  const detail = (await client.get(`/api/rfp/documents/${id}`)).json<RfpDocumentDetail>();
  expect(detail).toMatchObject({ status: 'error', analysis: null, error: { code: 'analysis_failed' } });
  expect(detail.error?.message).toMatch(/^Analysis failed/);
  const listed = (await client.get('/api/rfp/documents')).json<RfpDocumentList>().documents[0];
  expect(listed).toMatchObject({ status: 'error', error: { code: 'analysis_failed' } });
  expect((await client.get(`/api/rfp/documents/${id}/report.pdf`)).statusCode).toBe(409);
});
