import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** The real solicitations of ../shared/data/rfp-pdfs (internal fixtures, never shipped). */
export const RFP_PDF_DIR = fileURLToPath(new URL('../../../../shared/data/rfp-pdfs/', import.meta.url));
export const hasRealPdfs = () => existsSync(RFP_PDF_DIR);
export const realPdf = (name: string) => new Uint8Array(readFileSync(RFP_PDF_DIR + name));

export const PENHOLD_RFP = 'AB-2024-07156_Penhold_Public-Services-Building_RFP-2024-004.pdf';
export const PENHOLD_ADD1 = 'AB-2024-07156_Penhold_PSB_Addendum-01.pdf';
export const PENHOLD_ADD3 = 'AB-2024-07156_Penhold_PSB_Addendum-03.pdf';
export const CAMROSE_RFP = 'AB-2026-01424_WDMLRL_RFP.pdf';
export const CAMROSE_ADD1 = 'AB-2026-01424_Addendum-1.pdf';
export const CAMROSE_ADD3 = 'AB-2026-01424_Addendum-3.pdf';
export const CAMROSE_APPENDIX = 'AB-2026-01424_Appendix-A.pdf';
export const CER_RFP = 'CER_84084-24-0022-A_Engineering-Services_RFP.pdf';

/** Renders with pdfkit and returns the bytes. */
export function pdfkit(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, compress: true, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

export const LEFT_COLUMN = Array.from({ length: 8 }, (_, i) => `Left column line ${i + 1} on the scope`);
export const RIGHT_COLUMN = Array.from({ length: 8 }, (_, i) => `Right column line ${i + 1} on evaluation`);

/** A page with a full-width title and two columns whose lines share baselines. */
export const twoColumnPdf = () =>
  pdfkit((doc) => {
    doc.fontSize(14).text('Request for Proposal: Two Column Layout Test Spanning The Whole Width Of The Page', 54, 60, {
      width: 504,
    });
    doc.fontSize(10);
    LEFT_COLUMN.forEach((t, i) => doc.text(t, 54, 120 + i * 16, { lineBreak: false }));
    RIGHT_COLUMN.forEach((t, i) => doc.text(t, 318, 120 + i * 16, { lineBreak: false }));
  });

export const manyPagesPdf = (pages: number) =>
  pdfkit((doc) => {
    for (let i = 1; i <= pages; i++) {
      if (i > 1) doc.addPage();
      doc.fontSize(12).text(`Request for Proposal page ${i} of ${pages}: requirements and conditions.`);
    }
  });

/** A minimal PNG (grey, w×h) so that a page can hold an image and no text. */
export function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((w + 1) * h, 0x80);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const imageOnlyPdf = () => pdfkit((doc) => doc.image(png(200, 260), 54, 54, { width: 400 }));

export const encryptedPdf = () =>
  pdfkit((doc) => doc.text('Confidential request for proposal'), {
    userPassword: 'open sesame',
    ownerPassword: 'owner',
    pdfVersion: '1.7',
  });

/** A PDF from raw object bodies (1-based ids), with a correct xref table. */
export function rawPdf(objects: Array<string | Buffer>, trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(size);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(obj);
    size += obj.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${size}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/** One page whose content stream is `content` (uncompressed), with Helvetica as /F1. */
export function textPagePdf(content: string, catalogExtra = ''): Buffer {
  return rawPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('', Buffer.from(content, 'latin1')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A small valid PDF with a text layer and nothing else. */
export const plainPdf = (title = 'Request for Proposal: snow removal services for the Town of Testville') =>
  textPagePdf(`BT /F1 12 Tf 72 700 Td (${title}) Tj ET`);

/** A valid text PDF of about `bytes` bytes: an unreferenced, incompressible stream pads it. */
export const paddedPdf = (bytes: number, title = 'Request for Proposal with attached drawings') =>
  rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('', Buffer.from(`BT /F1 12 Tf 72 700 Td (${title}) Tj ET`, 'latin1')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    stream('', randomBytes(Math.max(0, bytes - 900))),
  ]);

/**
 * A small file (~20 KB) whose one page shows one string of `chars` characters: the Flate stream
 * inflates to 20 MB, and pdf.js must hold the whole string while it reads it, far more than a
 * 64 MB worker heap allows, whatever the garbage collector's timing. (Four million short lines
 * were used before: pdf.js reads those as a stream, so a 64 MB worker sometimes got through.)
 */
export function memoryHogPdf(chars = 20_000_000): Buffer {
  const content = Buffer.from(`BT /F1 12 Tf 72 700 Td (${'ab'.repeat(chars / 2)}) Tj ET`, 'latin1');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('/Filter /FlateDecode', deflateSync(content, { level: 9 })),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A page that opens by running JavaScript: a plain /OpenAction, uncompressed (refused: 422 pdf_has_javascript). */
export const javascriptPdf = () =>
  textPagePdf(
    'BT /F1 12 Tf 72 700 Td (Request for Proposal with an OpenAction script) Tj ET',
    "/OpenAction << /S /JavaScript /JS (globalThis.rfpPwned = true; app.alert\\('pwned'\\);) >> ",
  );

const SCRIPT = "globalThis.rfpPwned = true; app.alert('pwned');";

/** pdfkit: an /OpenAction whose script is a Flate-compressed stream. */
export const pdfkitOpenActionScript = () =>
  pdfkit((doc) => {
    doc.fontSize(12).text('Request for Proposal: the opening action runs a compressed script.');
    const js = doc.ref({});
    js.end(SCRIPT); // compressed: pdfkit deflates stream objects when compress is on
    const action = doc.ref({ S: 'JavaScript', JS: js });
    action.end('');
    (doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.OpenAction = action;
  });

/** pdfkit: a link annotation whose action is a script (not a document-level action). */
export const pdfkitLinkScript = () =>
  pdfkit((doc) => {
    doc.fontSize(12).text('Request for Proposal: the link below runs a script.');
    doc.annotate(72, 200, 200, 20, {
      Subtype: 'Link',
      A: { S: 'JavaScript', JS: new String(SCRIPT) },
    } as PDFKit.Mixins.AnnotationOption);
  });

/**
 * A PDF 1.5 file whose objects (catalog, pages, page, font and any `extra` objects) live in one
 * compressed object stream, with a cross-reference stream: what Acrobat and most libraries write
 * today. The catalog gets `catalogExtra`, the page `pageExtra`; `filter` encodes the object stream.
 */
export function objectStreamPdf(opts: {
  catalogExtra?: string;
  pageExtra?: string;
  extra?: string[];
  filter?: 'FlateDecode' | 'ASCIIHexDecode';
  text?: string;
}): Buffer {
  const text = opts.text ?? 'Request for Proposal: objects in a compressed object stream';
  // 1 catalog, 2 pages, 3 page, 4 font, 5.. extra: all compressed; then content, object stream, xref stream.
  const compressed = [
    `<< /Type /Catalog /Pages 2 0 R ${opts.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + (opts.extra?.length ?? 0)} 0 R /Resources << /Font << /F1 4 0 R >> >> ${opts.pageExtra ?? ''}>>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(opts.extra ?? []),
  ];
  const contentNo = compressed.length + 1;
  const objStmNo = contentNo + 1;
  const xrefNo = objStmNo + 1;
  let offset = 0;
  const index: string[] = [];
  compressed.forEach((body, i) => {
    index.push(`${i + 1} ${offset}`);
    offset += body.length + 1;
  });
  const head = `${index.join(' ')}\n`;
  const data = Buffer.from(head + compressed.join('\n') + '\n', 'latin1');
  const encoded =
    opts.filter === 'ASCIIHexDecode' ? Buffer.from(`${data.toString('hex')}>`, 'latin1') : deflateSync(data);
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = parts[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  const add = (no: number, body: Buffer) => {
    offsets.set(no, size);
    const obj = Buffer.concat([Buffer.from(`${no} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    size += obj.length;
  };
  add(contentNo, stream('', Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET`, 'latin1')));
  add(
    objStmNo,
    stream(
      `/Type /ObjStm /N ${compressed.length} /First ${head.length} /Filter /${opts.filter ?? 'FlateDecode'}`,
      encoded,
    ),
  );
  const row = (type: number, field2: number, field3: number) => {
    const b = Buffer.alloc(7);
    b.writeUInt8(type, 0);
    b.writeUInt32BE(field2, 1);
    b.writeUInt16BE(field3, 5);
    return b;
  };
  const xrefOffset = size;
  offsets.set(xrefNo, xrefOffset);
  const rows = [row(0, 0, 65535)];
  for (let no = 1; no < xrefNo + 1; no++) {
    if (no <= compressed.length) rows.push(row(2, objStmNo, no - 1));
    else rows.push(row(1, offsets.get(no) ?? 0, 0));
  }
  add(xrefNo, stream(`/Type /XRef /Size ${xrefNo + 1} /W [1 4 2] /Root 1 0 R`, Buffer.concat(rows)));
  parts.push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * The structure of the CVE-2024-4367 proof of concept (GHSA-wgrm-67xf-hhpq): a Type1 font whose
 * /FontMatrix ends with a string that closes the matrix and injects `payload`. pdf.js ≤ 4.1.392
 * with isEvalSupported compiled it into a glyph-drawing function when it filled text with a
 * pattern. The page holds six characters, so it has no usable text layer and is rendered for OCR:
 * the glyph-drawing path is exercised, not only text extraction.
 */
export function fontMatrixExploitPdf(payload: string): Buffer {
  const escaped = payload.replace(/[()\\]/g, (c) => `\\${c}`);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /Pattern << /P1 7 0 R >> >> >>',
    stream('', Buffer.from('BT 50 500 Td /F1 150 Tf /Pattern cs /P1 scn (AbCdEf) Tj ET', 'latin1')),
    `<< /Type /Font /Subtype /Type1 /BaseFont /PAXEKO+SourceSansPro-Bold /FirstChar 65 /LastChar 102 /Widths [573 0 582 0 548 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 573 0 573 0 341] /Encoding /WinAnsiEncoding /FontMatrix [0.1 0 0 0.1 0 (1\\);\n${escaped}\n//)] /FontDescriptor 6 0 R >>`,
    '<< /Type /FontDescriptor /FontName /PAXEKO+SourceSansPro-Bold /Flags 32 /FontBBox [-6 -12 579 713] /ItalicAngle 0 /Ascent 751 /Descent -173 /CapHeight 713 /StemV 100 /MissingWidth 250 /FontFile3 8 0 R >>',
    '<< /PatternType 2 /Shading << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [46 400 537 400] /Function << /FunctionType 2 /Domain [0 1] /C0 [0 0 1] /C1 [1 0.6 0] /N 1 >> >> >>',
    stream('/Subtype /Type2', Buffer.alloc(0)),
  ]);
}

/**
 * An "image bomb": one page holding only a greyscale image of `side`×`side` pixels (400 M pixels
 * at 20,000), Flate-compressed to a few hundred KB. Decoding it would take `side`² bytes.
 */
export function imageBombPdf(side = 20_000): Buffer {
  const rowBytes = side;
  const chunkRows = 512;
  const chunk = deflateRawSync(Buffer.alloc(rowBytes * chunkRows, 0xff), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  const count = Math.ceil(side / chunkRows);
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: count }, () => chunk),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    stream('', Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q', 'latin1')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      data,
    ),
  ]);
}

/**
 * A "zip bomb": one content stream of `mb` MB of zeros, Flate-compressed to about 1/1000.
 * Built from one sync-flushed raw deflate chunk repeated, so making it costs milliseconds.
 */
export function zipBombPdf(mb = 1024): Buffer {
  const chunkMb = 16;
  const chunk = deflateRawSync(Buffer.alloc(chunkMb * 1024 * 1024), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const count = Math.ceil(mb / chunkMb);
  const total = count * chunkMb * 1024 * 1024;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0); // Adler-32 of zeros: a = 1, b = length mod 65521
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: count }, () => chunk),
    deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('/Filter /FlateDecode', data),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** multipart/form-data body for app.inject. */
export function multipartBody(files: Array<{ filename: string; content: Uint8Array; type?: string }>, field = 'files') {
  const boundary = `----breeze${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
        'utf8',
      ),
      Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
