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
export function pdfkit(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
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
    doc.fontSize(14).text('Request for Proposal: Two Column Layout Test Spanning The Whole Width Of The Page', 54, 60, { width: 504 });
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
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const imageOnlyPdf = () => pdfkit((doc) => doc.image(png(200, 260), 54, 54, { width: 400 }));

export const encryptedPdf = () =>
  pdfkit((doc) => doc.text('Confidential request for proposal'), { userPassword: 'open sesame', ownerPassword: 'owner', pdfVersion: '1.7' });

/** A PDF from raw object bodies (1-based ids), with a correct xref table. */
export function rawPdf(objects: Array<string | Buffer>, trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(size);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    size += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${size}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);

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

/** A page that opens by running JavaScript (never executed by us: text is extracted, nothing runs). */
export const javascriptPdf = () =>
  textPagePdf(
    'BT /F1 12 Tf 72 700 Td (Request for Proposal with an OpenAction script) Tj ET',
    "/OpenAction << /S /JavaScript /JS (globalThis.rfpPwned = true; app.alert\\('pwned'\\);) >> ",
  );

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
  const data = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: count }, () => chunk), deflateRawSync(Buffer.alloc(0)), adler]);
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
