import { Readable, pipeline } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_MAX_ROWS, SEARCH_EXPORT_MAX_ROWS } from '@app/shared/constants';
import type { ExportKind } from '@app/shared/exports';
import type { BookmarkStatus } from '@app/shared/bookmarks';
import type { SearchCriteria, TableQuery, Tender } from '@app/shared/tender';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { enforceAndCount, type MessageLocale } from '../billing/billing.limits.ts';
import type { BillingService } from '../billing/billing.service.ts';
import { findTendersByIds, countTenderTable, iterateTenderTable } from '../tenders/tenders.queries.ts';
import { searchTenders } from '../tenders/search/search.ts';
import { csvWriter, exportColumns, type Column, type ExportLocale } from './exports.csv.ts';
import {
  countBookmarks,
  insertExportRecord,
  iterateBookmarkedTenders,
  type BookmarkedTender,
} from './exports.queries.ts';

export interface ExportDeps {
  dbh: DbHandle;
  env: Env;
  billing: BillingService;
  now: Clock;
  log: FastifyBaseLogger;
}

export interface ExportFile {
  filename: string;
  /** Rows in the file. */
  rows: number;
  /** Rows the criteria matched (at most the cap are in the file). */
  total: number;
  /** The CSV: pipe it to the response. */
  body: Readable;
}

type Ctx = { publicUrl: string; locale: ExportLocale };
/** Who exports, and the language of a refusal's message. */
export interface Exporter {
  id: string;
  messageLocale: MessageLocale;
}
const SEARCH_IDS_BATCH = 200;

/**
 * CSV exports (ADR 0013). The rows are counted first; then the export is counted against the
 * plan's monthly `exports` limit and recorded in one transaction (402 plan_limit_reached when
 * the month's allowance is used: nothing is recorded or sent); then the file is streamed.
 */
export function createExportService(deps: ExportDeps) {
  const { dbh, env, billing, now, log } = deps;
  const { db } = dbh;

  async function count(user: Exporter, kind: ExportKind, rows: number): Promise<void> {
    await enforceAndCount(
      { db, billing, now },
      user.id,
      'exports',
      (tx, ent) =>
        insertExportRecord(tx, {
          userId: user.id,
          accountId: ent.accountId,
          kind,
          rows,
          createdAt: now().toISOString(),
        }),
      user.messageLocale,
    );
  }

  function file<R>(
    kind: ExportKind,
    columns: Array<Column<R>>,
    ctx: Ctx,
    records: AsyncIterable<R>,
    rows: number,
    total: number,
  ): ExportFile {
    const { stringifier, toRecord } = csvWriter(columns, ctx);
    async function* lines() {
      for await (const row of records) yield toRecord(row);
    }
    // A failure half-way (the database went away) ends the response early; it is logged here.
    pipeline(Readable.from(lines()), stringifier, (err) => {
      if (err) log.error({ err, kind }, 'export stopped before its end');
    });
    const day = now().toISOString().slice(0, 10);
    return { filename: `breeze-${kind}-${day}.csv`, rows, total, body: stringifier };
  }

  const tenderColumns = exportColumns<Tender>((t) => t);

  return {
    /** The table view's result set: its filters and text, in its order (soonest closing first). */
    async table(
      user: Exporter,
      query: Omit<TableQuery, 'page' | 'page_size'>,
      locale: ExportLocale,
    ): Promise<ExportFile> {
      const at = new Date();
      const total = await countTenderTable(db, dbh.dialect, query, at);
      const rows = Math.min(total, EXPORT_MAX_ROWS);
      await count(user, 'table', rows);
      const records = iterateTenderTable(db, dbh.dialect, query, { max: EXPORT_MAX_ROWS }, at);
      return file('table', tenderColumns, { publicUrl: env.PUBLIC_URL, locale }, records, rows, total);
    },

    /** The /search page's results for its criteria, ranked as on the page, with the match percentage. */
    async search(
      user: Exporter,
      criteria: Omit<SearchCriteria, 'limit' | 'offset'>,
      locale: ExportLocale,
    ): Promise<ExportFile> {
      const found = await searchTenders(dbh, { ...criteria, offset: 0, limit: SEARCH_EXPORT_MAX_ROWS });
      const scores = new Map(found.results.map((r) => [r.id, r.search_score]));
      const ids = found.results.map((r) => r.id);
      await count(user, 'search', ids.length);
      // Results carry description snippets; the file has the full tenders, read a batch at a time.
      async function* records() {
        for (let i = 0; i < ids.length; i += SEARCH_IDS_BATCH) {
          yield* await findTendersByIds(db, ids.slice(i, i + SEARCH_IDS_BATCH));
        }
      }
      const columns = exportColumns<Tender>(
        (t) => t,
        [
          {
            header: { en: 'Match (%)', fr: 'Pertinence (%)' },
            // Spec §9: match percentage = search_score × 10, capped at 100.
            value: (t) => String(Math.min(100, Math.round((scores.get(t.id) ?? 0) * 10))),
          },
        ],
      );
      const total = found.search_metadata.total_is_lower_bound
        ? Math.max(found.total_results, ids.length)
        : found.total_results;
      return file('search', columns, { publicUrl: env.PUBLIC_URL, locale }, records(), ids.length, total);
    },

    /** The caller's bookmarks, newest first, with their notes and status. */
    async bookmarks(user: Exporter, status: BookmarkStatus | undefined, locale: ExportLocale): Promise<ExportFile> {
      const total = await countBookmarks(db, user.id, status);
      const rows = Math.min(total, EXPORT_MAX_ROWS);
      await count(user, 'bookmarks', rows);
      const columns = exportColumns<BookmarkedTender>(
        (b) => b.tender,
        [
          {
            header: { en: 'Bookmark status', fr: 'Statut du favori' },
            value: (b, c) =>
              c.locale === 'fr'
                ? b.status === 'archived'
                  ? 'Archivé'
                  : 'Actif'
                : b.status === 'archived'
                  ? 'Archived'
                  : 'Active',
          },
          { header: { en: 'Notes', fr: 'Notes' }, value: (b) => b.notes ?? '' },
          {
            header: { en: 'Bookmarked (UTC)', fr: 'Ajouté aux favoris (UTC)' },
            value: (b) => b.createdAt.slice(0, 16).replace('T', ' '),
          },
          {
            header: { en: 'Updated (UTC)', fr: 'Modifié (UTC)' },
            value: (b) => b.updatedAt.slice(0, 16).replace('T', ' '),
          },
        ],
      );
      const records = iterateBookmarkedTenders(db, user.id, status, { max: EXPORT_MAX_ROWS });
      return file('bookmarks', columns, { publicUrl: env.PUBLIC_URL, locale }, records, rows, total);
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
