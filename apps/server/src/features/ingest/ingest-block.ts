import type SQLite from 'better-sqlite3';
import { mapCanadaBuysRecord, type MapOptions, type TenderDraft } from './canadabuys.ts';
import type { ResolvedHeader } from './canadabuys-columns.ts';
import { readCanadaBuysBlock } from './csv-reader.ts';
import { upsertSqlite, type BatchCounts } from './ingest.queries.ts';

/** A block of CSV records (csv-blocks.ts) read and mapped: what a worker thread does with it. */
export interface ParsedBlock {
  /** Data records read, rejected ones included (the next block's rows are numbered after them). */
  records: number;
  drafts: TenderDraft[];
  /** Row numbers count from 1 at the block's first record. */
  rejects: Array<{ row: number; reason: string }>;
  /** The block ends inside a quoted field: cut in the wrong place, or a broken last record. */
  unclosedQuote: boolean;
}

export function parseBlock(header: ResolvedHeader, bytes: Uint8Array, opts: MapOptions): ParsedBlock {
  const out: ParsedBlock = { records: 0, drafts: [], rejects: [], unclosedQuote: false };
  readCanadaBuysBlock(header, bytes, (item) => {
    out.records++;
    if ('error' in item) {
      out.rejects.push({ row: item.row, reason: item.error });
      // csv-parse reports it at the end of its input.
      if (item.code === 'CSV_QUOTE_NOT_CLOSED') out.unclosedQuote = true;
      return;
    }
    const mapped = mapCanadaBuysRecord(item.record, opts, item.raw);
    if (mapped.ok) out.drafts.push(mapped.tender);
    else out.rejects.push({ row: item.row, reason: mapped.reason });
  });
  return out;
}

/**
 * Writes drafts in transactions that each hold an id once (a notice repeated in the file is
 * compared with its predecessor, as the sequential ingestion does).
 */
export function writeSqliteBatches(db: SQLite.Database, drafts: TenderDraft[], nowIso: string): BatchCounts {
  const total: BatchCounts = { inserted: 0, updated: 0, unchanged: 0 };
  let batch: TenderDraft[] = [];
  let ids = new Set<string>();
  const flush = () => {
    if (batch.length === 0) return;
    const c = upsertSqlite(db, batch, nowIso);
    total.inserted += c.inserted;
    total.updated += c.updated;
    total.unchanged += c.unchanged;
    batch = [];
    ids = new Set();
  };
  for (const d of drafts) {
    if (ids.has(d.id)) flush();
    batch.push(d);
    ids.add(d.id);
  }
  flush();
  return total;
}
