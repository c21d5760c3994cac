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
  multipartBody,
  PENHOLD_RFP,
  plainPdf,
  RFP_PDF_DIR,
  realPdf,
  zipBombPdf,
} from '../../../test/rfp-fixtures.ts';
import { createPdfExtractor } from './rfp.extract.ts';
import { findDocumentFile } from './rfp.queries.ts';

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
    expect((await noOrigin.request('POST', '/api/rfp/documents', body.payload, body.headers)).json()).toMatchObject({ code: 'forbidden_origin' });
    const evil = new TestClient(ctx.app, { origin: 'https://evil.example' });
    evil.cookie = alice.cookie;
    const res = await evil.request('POST', '/api/rfp/documents', body.payload, body.headers);
    expect(res.statusCode).toBe(403);
    // Other routes still refuse a non-JSON body.
    const form = await alice.request('POST', '/api/profile', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
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
    expect(withAddenda.addenda[0]?.changes.find((c) => c.section === '4.11')).toMatchObject({ kind: 'added', rfpReference: { page: 17 } });

    const pdf = await alice.get(`/api/rfp/documents/${rfp.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="AB-2026-01424_WDMLRL_RFP-analysis.pdf"; filename*=UTF-8''AB-2026-01424_WDMLRL_RFP-analysis.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const extractor = createPdfExtractor({ maxPages: 500, maxInflatedBytes: 200 * 1024 * 1024, timeoutMs: 60_000, heapMb: 512 });
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
    expect(up.json<{ documents: RfpDocument[] }>().documents[0]).toMatchObject({ solicitationNumber: '84084-24-0022/A', kind: 'rfp' });
    expect((await bob.post(`/api/rfp/documents/${id}/analyze`)).statusCode).toBe(200);
    const md = await bob.get(`/api/rfp/documents/${id}/report.md`);
    expect(md.body).toContain('# RFP analysis: 84084-24-0022/A');
    expect((await bob.delete(`/api/rfp/documents/${id}`)).statusCode).toBe(204);
  });

  test('a report before analysis is a 409', async () => {
    const up = await upload(alice, [{ filename: 'script.pdf', content: smallPdf() }]);
    const id = up.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? '';
    expect((await alice.get(`/api/rfp/documents/${id}/report.pdf`)).json()).toMatchObject({ statusCode: 409, code: 'rfp_not_analyzed' });
    await alice.delete(`/api/rfp/documents/${id}`);
  });

  describe('bad files get their documented 4xx within seconds, never a 5xx', () => {
    const cases: Array<[string, () => Promise<Uint8Array> | Uint8Array, number, string]> = [
      ['a renamed text file', () => new TextEncoder().encode('Dear bidder,\nthis is plain text.\n'), 415, 'not_a_pdf'],
      ['a truncated PDF', async () => (await manyPagesPdf(40)).subarray(0, 9000), 422, 'pdf_unreadable'],
      ['a PDF with a damaged body', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41), Buffer.from('\n%%EOF\n')]), 422, 'pdf_unreadable'],
      ['an encrypted PDF', encryptedPdf, 422, 'pdf_encrypted'],
      ['a zip bomb (1 GB in one Flate stream)', () => zipBombPdf(1024), 422, 'pdf_too_complex'],
      ['an 11 MB file', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]), 413, 'file_too_large'],
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
        expect((await alice.get('/api/rfp/documents')).json<RfpDocumentList>().documents.filter((d) => d.filename === 'tender.pdf')).toEqual([]);
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
      const res = await alice.request('POST', '/api/rfp/documents', '--x--\r\n', { 'content-type': 'multipart/form-data; boundary=x' });
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
