import type { Readable } from 'node:stream';

/**
 * Cuts a CSV byte stream into blocks of whole records, so that several threads can each run
 * csv-parse on their own blocks (ingest-pool.ts). Only quotes and line feeds are looked at:
 * outside a quoted field a line feed ends a record; a `"` opens or closes a quoted field (an
 * escaped `""` closes and reopens it, which leaves the state as it was). That is exactly where
 * csv-parse ends records in a well-formed file. A malformed one (a stray quote in an unquoted
 * field) can put a cut inside a quoted field: the block before it then ends in an unclosed
 * quote, which its parser reports, and the pool reads the rest of the file in order instead.
 *
 * Yields the header record first (with the UTF-8 BOM removed), then blocks of at least
 * `blockBytes` (the last may be shorter), except the first four: 1/16, 1/8, 1/4 and 1/2 of it.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `last`: no bytes follow this block. */
export type CsvPiece = { kind: 'header'; bytes: Buffer } | { kind: 'block'; bytes: Buffer; last: boolean };

export async function* csvBlocks(input: Readable, blockBytes: number): AsyncGenerator<CsvPiece> {
  // One block is held back until the next is cut (or the input ends), to know which is last.
  let held: Buffer | undefined;
  for await (const piece of cut(input, blockBytes)) {
    if (piece.kind === 'header') yield { kind: 'header', bytes: piece.bytes };
    else {
      if (held) yield { kind: 'block', bytes: held, last: false };
      held = piece.bytes;
    }
  }
  if (held) yield { kind: 'block', bytes: held, last: true };
}

async function* cut(input: Readable, blockBytes: number): AsyncGenerator<{ kind: 'header' | 'block'; bytes: Buffer }> {
  let inQuote = false;
  let header: Buffer | undefined;
  let parts: Buffer[] = [];
  let size = 0;
  let start: Buffer | undefined; // the first bytes, held until the BOM can be checked
  // Small first blocks: the database write starts after a worker has read ~60 records
  // instead of ~1,000 at its slowest (code not yet optimised).
  let cutSize = Math.max(1, blockBytes >> 4);

  const take = (bytes: Buffer): Buffer => {
    const all = parts.length === 0 ? bytes : Buffer.concat([...parts, bytes]);
    parts = [];
    size = 0;
    return all;
  };

  async function* scan(buf: Buffer): AsyncGenerator<{ kind: 'header' | 'block'; bytes: Buffer }> {
    let from = 0; // first byte of buf not yet in parts
    let i = 0;
    while (i < buf.length) {
      if (inQuote) {
        const q = buf.indexOf(QUOTE, i);
        if (q < 0) break;
        inQuote = false;
        i = q + 1;
        continue;
      }
      const q = buf.indexOf(QUOTE, i);
      const end = q < 0 ? buf.length : q;
      // Only look for a record end when a cut is due: the header's end, or a full block.
      if (header === undefined || size + (i - from) >= cutSize) {
        let nl = -1;
        for (let j = i; j < end; j++) {
          if (buf[j] === LF) {
            nl = j;
            break;
          }
        }
        if (nl >= 0) {
          const piece = take(buf.subarray(from, nl + 1));
          if (header === undefined) {
            header = piece;
            yield { kind: 'header', bytes: piece };
          } else {
            yield { kind: 'block', bytes: piece };
            cutSize = Math.min(blockBytes, cutSize * 2);
          }
          from = nl + 1;
          i = nl + 1;
          continue;
        }
      }
      if (q < 0) break;
      inQuote = true;
      i = q + 1;
    }
    if (from < buf.length) {
      const rest = buf.subarray(from);
      parts.push(rest);
      size += rest.length;
    }
  }

  for await (const chunk of input) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    if (start !== undefined || (header === undefined && parts.length === 0 && buf.length < BOM.length)) {
      // Fewer than 3 bytes so far: wait for more before looking for a BOM.
      start = start ? Buffer.concat([start, buf]) : buf;
      if (start.length < BOM.length) continue;
      buf = start;
      start = undefined;
    }
    if (header === undefined && parts.length === 0 && buf.subarray(0, BOM.length).equals(BOM))
      buf = buf.subarray(BOM.length);
    yield* scan(buf);
  }
  if (start) yield* scan(start);
  if (size > 0) {
    const rest = take(Buffer.alloc(0));
    yield header === undefined ? { kind: 'header', bytes: rest } : { kind: 'block', bytes: rest };
  }
}
