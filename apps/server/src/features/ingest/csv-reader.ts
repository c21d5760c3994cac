import { pipeline, type Readable } from 'node:stream';
import { parse, type CsvError, type Options } from 'csv-parse';
import { InvalidFileError, rawRow, resolveHeader, type CanadaBuysRecord, type ResolvedHeader } from './canadabuys-columns.ts';
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
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // Numbered as parsed (not as consumed) so that a skipped record between them gets the
    // right number; cheaper than csv-parse's `info` option. Record 1 is the header.
    on_record: (record) => ({ n: ++parsed, record }),
  };
  // csv-parse's generic overloads require `columns`; without it records are string arrays.
  const parser = parse(options as unknown as Options);
  const skipped: CsvItem[] = [];
  parser.on('skip', (err: CsvError) => {
    skipped.push({ row: ++parsed - 1, error: `unreadable CSV record: ${err.message}`, code: err.code });
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
    const row = n - 1;
    if (record.length !== header.columns.length) {
      yield { row, error: `expected ${header.columns.length} columns, found ${record.length}` };
      continue;
    }
    const long = record.findIndex((v) => v.length > MAX_FIELD_LENGTH);
    if (long >= 0) {
      const column = header.columns[long] ?? header.original[long] ?? `column${long + 1}`;
      yield { row, error: `${column}: field longer than ${MAX_FIELD_LENGTH} characters` };
      continue;
    }
    const mapped = toRecord(header, record);
    yield { row, record: mapped, raw: rawRow(header, record, mapped) };
  }
  yield* skipped.splice(0);
  if (!header) throw new InvalidFileError('The file is empty: it has no header row');
}

function toRecord(header: ResolvedHeader, values: string[]): CanadaBuysRecord {
  const out: Record<string, string> = {};
  for (let i = 0; i < values.length; i++) {
    // Unknown columns keep their own name so that the raw JSON keeps everything.
    out[header.columns[i] ?? header.original[i] ?? `column${i + 1}`] = values[i] ?? '';
  }
  return out;
}
