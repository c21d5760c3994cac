// @ts-check
// A bounded scan of a PDF's object structure, run in the extraction worker before pdf.js sees
// the file (docs/decisions/0008). Plain JavaScript, like the workers that import it.
//
// One pass over the file:
//   1. every Flate stream text extraction could decode (all but images) is inflated with a
//      ceiling, so a "zip bomb" is refused in milliseconds with bounded memory;
//   2. the objects are tokenised (comments, literal and hex strings and stream data skipped) and
//      every name is decoded (`/Java#53cript` is `/JavaScript`); a `/JavaScript` or `/JS` name
//      means the file carries a script. Object streams (`/Type /ObjStm`, PDF 1.5 compressed
//      objects) are inflated and tokenised the same way, so a script hidden in one is found.
import { constants, inflateSync } from 'node:zlib';

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const SCRIPT_NAMES = new Set(['JavaScript', 'JS']);

/**
 * Decodes a PDF name's `#xx` escapes (PDF 1.7 §7.3.5).
 * @param {string} raw
 */
export function decodeName(raw) {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Script names among the objects of `buf` (stream data is skipped, except what `onStream`
 * returns for it). Returns the first script name found, or null.
 * @param {Buffer} buf
 * @param {(dict: string, data: Buffer) => string | null} [onStream] called with each stream's
 *   dictionary text and raw data; a non-null answer stops the scan with that answer.
 * @returns {string | null}
 */
export function scanObjects(buf, onStream) {
  const n = buf.length;
  let i = 0;
  while (i < n) {
    const c = buf[i];
    if (c === 0x25) {
      // % comment to end of line
      while (i < n && buf[i] !== 0x0a && buf[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // ( literal string ), nested parentheses, backslash escapes
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = buf[i];
        if (d === 0x5c) i += 2;
        else {
          if (d === 0x28) depth++;
          else if (d === 0x29) depth--;
          i++;
        }
      }
    } else if (c === 0x3c) {
      if (buf[i + 1] === 0x3c) i += 2;
      else {
        // <hex string>
        const end = buf.indexOf(0x3e, i + 1);
        i = end < 0 ? n : end + 1;
      }
    } else if (c === 0x2f) {
      let j = i + 1;
      while (
        j < n &&
        !WHITESPACE.has(/** @type {number} */ (buf[j])) &&
        !DELIMITERS.has(/** @type {number} */ (buf[j]))
      )
        j++;
      const name = decodeName(buf.toString('latin1', i + 1, j));
      if (SCRIPT_NAMES.has(name)) return `/${name}`;
      i = j;
    } else if (
      c === 0x73 &&
      buf[i + 1] === 0x74 &&
      buf.toString('latin1', i, i + 6) === 'stream' &&
      (i === 0 || !isRegular(buf[i - 1]))
    ) {
      // stream … endstream: the data is not object syntax
      let start = i + 6;
      if (buf[start] === 0x0d) start++;
      if (buf[start] === 0x0a) start++;
      let end = buf.indexOf('endstream', start, 'latin1');
      if (end < 0) end = n;
      if (onStream) {
        // The stream's dictionary: back to its `obj` keyword (within 2 KB).
        const header = buf.toString('latin1', Math.max(0, i - 2048), i);
        const found = onStream(header.slice(header.lastIndexOf('obj') + 1), buf.subarray(start, end));
        if (found !== null) return found;
      }
      i = end + 9;
    } else {
      i++;
    }
  }
  return null;
}

/** @param {number | undefined} c */
function isRegular(c) {
  return c !== undefined && !WHITESPACE.has(c) && !DELIMITERS.has(c);
}

/**
 * @typedef {{ inflatedBytes: number, tooLarge: boolean, javascript: string | null }} ScanResult
 */

/**
 * Inflated size of the Flate streams text extraction may decode (stopping past `budget`), and
 * whether the objects (object streams included) name a script.
 * @param {Buffer} buf
 * @param {number} budget
 * @returns {ScanResult}
 */
export function scanPdf(buf, budget) {
  const TOO_LARGE = '\u0000too large';
  let total = 0;
  const found = scanObjects(buf, (dict, data) => {
    if (/\/Subtype\s*\/Image\b/.test(dict)) return null;
    if (!/\/(FlateDecode|Fl)\b/.test(dict)) return null;
    let out;
    try {
      out = inflateSync(data, {
        maxOutputLength: Math.max(1, budget - total + 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (err) {
      if (err && /** @type {{code?: string}} */ (err).code === 'ERR_BUFFER_TOO_LARGE') return TOO_LARGE;
      // otherwise not valid Flate data (or encrypted): pdf.js will fail on it or skip it
      return null;
    }
    total += out.length;
    if (total > budget) return TOO_LARGE;
    if (/\/Type\s*\/ObjStm\b/.test(dict)) return scanObjects(out);
    return null;
  });
  const tooLarge = found === TOO_LARGE;
  return { inflatedBytes: total, tooLarge, javascript: tooLarge ? null : found };
}
