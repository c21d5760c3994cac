import { pipeline, type Readable } from 'node:stream';
import { parse, type CsvError, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  InvalidFileError,
  rawRow,
  resolveHeader,
  type CanadaBuysRecord,
  type ResolvedHeader,
} from './canadabuys-columns.ts';
import { MAX_FIELD_LENGTH } from './canadabuys.ts';

/** `row` is the 1-based data record number (the header is not counted), as a spreadsheet shows it minus one. */
interface NumberedRecord {
  n: number;
  record: string[];
}

/** A record (with its raw JSON for tender.raw), or why it cannot be read. */
export type CsvItem =
  | { row: number; record: CanadaBuysRecord; raw: string }
  | { row: number; error: string; /** csv-parse's error code, when it comes from the parser. */ code?: string };

/** The real files (SOURCES.md §1.2): a BOM, CRLF records with bare LF inside quoted lists, the odd unquoted empty field. */
const PARSER_OPTIONS = {
  bom: true,
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
} as const;

/**
 * Streams a CanadaBuys CSV into records keyed by the canonical header. The parser options
 * follow the real files (SOURCES.md §1.2): a BOM, CRLF records with bare LF inside quoted
 * lists, and the odd unquoted empty field (`"",,"*World…`). A record the parser cannot read
 * or whose column count differs from the header is yielded as an error and reading goes on;
 * a header without the required columns throws MissingColumnsError.
 */
export async function* readCanadaBuysCsv(input: Readable): AsyncGenerator<CsvItem> {
  let parsed = 0;
  const options: Options<NumberedRecord, string[]> = {
    ...PARSER_OPTIONS,
    // Numbered as parsed (not as consumed) so that a skipped record between them gets the
    // right number; cheaper than csv-parse's `info` option. Record 1 is the header.
    on_record: (record) => ({ n: ++parsed, record }),
  };
  // csv-parse's generic overloads require `columns`; without it records are string arrays.
  const parser = parse(options as unknown as Options);
  const skipped: CsvItem[] = [];
  parser.on('skip', (err: CsvError) => {
    skipped.push(skippedItem(++parsed - 1, err));
  });
  // pipeline() forwards an input error (a dropped download) to the parser, so the loop throws.
  pipeline(input, parser, () => {});

  let header: ResolvedHeader | undefined;
  for await (const { n, record } of parser as AsyncIterable<NumberedRecord>) {
    yield* skipped.splice(0);
    if (!header) {
      header = resolveHeader(record);
      continue;
    }
    yield recordItem(header, n - 1, record);
  }
  yield* skipped.splice(0);
  if (!header) throw new InvalidFileError('The file is empty: it has no header row');
}

/**
 * readCanadaBuysCsv for a block of whole records in memory (csv-blocks.ts) whose header is
 * already resolved: the same items, numbered from 1 at the block's first record, handed to
 * `onItem` as csv-parse reads them (its synchronous API: no stream, no record kept).
 */
export function readCanadaBuysBlock(header: ResolvedHeader, bytes: Uint8Array, onItem: (item: CsvItem) => void): void {
  let row = 0;
  const options: SyncOptions = {
    ...PARSER_OPTIONS,
    on_skip: (err: CsvError | undefined) => {
      onItem(skippedItem(++row, err));
    },
    on_record: (record: string[]) => {
      onItem(recordItem(header, ++row, record));
      return null; // nothing is collected
    },
  };
  parseSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), options as unknown as Options);
}

/** The header record of a file (csv-blocks.ts cuts it off first), resolved; throws InvalidFileError. */
export function readHeaderRecord(bytes: Uint8Array): ResolvedHeader {
  let fields: string[] | undefined;
  try {
    const rows: unknown = parseSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      relax_quotes: true,
      relax_column_count: true,
    });
    fields = Array.isArray(rows) ? (rows[0] as string[] | undefined) : undefined;
  } catch (err) {
    throw new InvalidFileError(`Unreadable header row: ${(err as Error).message}`);
  }
  if (!fields) throw new InvalidFileError('The file is empty: it has no header row');
  return resolveHeader(fields);
}

// csv-parse's types have no `on_skip`, and tie `on_record`'s argument to `columns`.
type SyncOptions = Omit<Options, 'on_record'> & {
  on_skip: (err: CsvError | undefined) => void;
  on_record: (record: string[]) => null;
};

function skippedItem(row: number, err: CsvError | undefined): CsvItem {
  return {
    row,
    error: `unreadable CSV record: ${err?.message ?? 'unknown error'}`,
    ...(err?.code ? { code: err.code } : {}),
  };
}

/** A data record checked (column count, field length) and keyed by the header. */
function recordItem(header: ResolvedHeader, row: number, record: string[]): CsvItem {
  if (record.length !== header.columns.length) {
    return { row, error: `expected ${header.columns.length} columns, found ${record.length}` };
  }
  const long = record.findIndex((v) => v.length > MAX_FIELD_LENGTH);
  if (long >= 0) {
    const column = header.columns[long] ?? header.original[long] ?? `column${long + 1}`;
    return { row, error: `${column}: field longer than ${MAX_FIELD_LENGTH} characters` };
  }
  const mapped = toRecord(header, record);
  return { row, record: mapped, raw: rawRow(header, record, mapped) };
}

function toRecord(header: ResolvedHeader, values: string[]): CanadaBuysRecord {
  const out: Record<string, string> = {};
  for (let i = 0; i < values.length; i++) {
    // Unknown columns keep their own name so that the raw JSON keeps everything.
    out[header.columns[i] ?? header.original[i] ?? `column${i + 1}`] = values[i] ?? '';
  }
  return out;
}
