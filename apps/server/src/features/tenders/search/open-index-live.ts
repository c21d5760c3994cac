import { sql } from 'kysely';
import type { DbHandle } from '../../../db/connect.ts';
import type { SearchResult } from '@app/shared/tender';
import { INDEXABLE_COLUMNS, OpenIndex, type IndexableRow } from './open-index.ts';

/**
 * Keeps one process's OpenIndex equal to the database's open notices (ADR 0004).
 *
 * Built from the database on first use, a page at a time (the event loop stays free), then
 * kept current from `tender_change`, the log the tender triggers append to: before a search,
 * the changes since the last one applied are read (one indexed look-up when nothing changed)
 * and their rows re-read. Writes of any process reach every process this way. While the index
 * is being built or is far behind (a large ingestion), `current()` answers undefined and the
 * search runs on the database engine; the catch-up continues in the background.
 */

/** Rows re-read per query while catching up. */
const PAGE = 2_000;
/** More changes than this are applied in the background (the search uses the database meanwhile). */
const INLINE_CHANGES = 2_000;
const MAINTAIN_EVERY_MS = 30_000;
const RETRY_AFTER_MS = 60_000;
/** Search results (as sent, score aside) of the most recently shown open notices. */
const RESULT_CACHE_SIZE = 5_000;
/** The change log keeps at least this many entries; a process further behind rebuilds. */
export const CHANGE_LOG_KEEP = 200_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LiveOpenIndex {
  private index = new OpenIndex();
  /** Last change applied; -1 until the first build has finished. */
  private seq = -1;
  private work: Promise<void> | undefined;
  private firstPage: Promise<void> | undefined;
  private lastVersion: string | undefined;
  private lastMaintain = 0;
  private syncing: Promise<boolean> | undefined;
  /**
   * Open notices as search results, by id: what a result page shows of a notice only changes
   * when the notice does (its status is Open until it closes, and then it leaves the index), so
   * they are dropped exactly when a change to them is applied.
   */
  private readonly results = new Map<string, SearchResult>();
  /** The same as UTF-8 JSON without its closing `,"search_score":…}` (for the HTTP route), by id. */
  private readonly fragments = new Map<string, Buffer>();
  /** When the database last failed us: the index is left alone for RETRY_AFTER_MS. */
  private failedAt: number | undefined;

  constructor(
    private readonly dbh: DbHandle,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /**
   * The index when it holds exactly the open notices of the database at this moment; undefined
   * when it cannot yet (first build or a large catch-up under way, or the database failed).
   */
  async current(): Promise<OpenIndex | undefined> {
    if (this.failedAt !== undefined) {
      if (Date.now() - this.failedAt < RETRY_AFTER_MS) return undefined;
      this.failedAt = undefined;
      this.reset();
    }
    if (this.seq < 0) {
      if (!this.work) {
        let pageDone!: () => void;
        this.firstPage = new Promise((resolve) => (pageDone = resolve));
        this.work = this.background(() => this.build(pageDone));
      }
      await this.firstPage;
      if (this.seq < 0) return undefined;
    } else if (this.work) {
      return undefined;
    }
    return (await this.sync()) ? this.index : undefined;
  }

  /** One catch-up at a time; a caller that arrives during one runs its own after it. */
  private async sync(): Promise<boolean> {
    while (this.syncing) await this.syncing.catch(() => false);
    this.syncing = this.catchUp();
    try {
      return await this.syncing;
    } catch (err) {
      this.disable(err);
      return false;
    } finally {
      this.syncing = undefined;
    }
  }

  /** Applies pending changes inline when few; otherwise starts applying them in the background. */
  private async catchUp(): Promise<boolean> {
    const version = this.version();
    if (version !== undefined && version === this.lastVersion) return this.maintained();
    const head = await this.head();
    if (head === this.seq) {
      this.lastVersion = version;
      return this.maintained();
    }
    const changes = await this.changesAfter(this.seq, INLINE_CHANGES + 1);
    const first = changes[0];
    if (first && first.seq > this.seq + 1 && (await this.minSeq()) > this.seq + 1) {
      // Entries we have not read were pruned: start again from the database.
      this.reset();
      return false;
    }
    if (changes.length > INLINE_CHANGES) {
      this.work ??= this.background(() => this.applyAll());
      return false;
    }
    await this.apply(changes);
    this.lastVersion = version;
    return this.maintained();
  }

  private maintained(): true {
    const now = Date.now();
    if (now - this.lastMaintain > MAINTAIN_EVERY_MS) {
      this.index.maintain(now);
      this.lastMaintain = now;
    }
    return true;
  }

  private disable(err: unknown): void {
    this.failedAt = Date.now();
    this.log('open-tender index unavailable for a minute: the database engine answers searches', err);
  }

  /** The results of these open notices, from the cache or `load` (which gets the missing ids). */
  async resultsOf(
    ids: string[],
    load: (ids: string[]) => Promise<Map<string, SearchResult>>,
  ): Promise<Map<string, SearchResult>> {
    const out = new Map<string, SearchResult>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.results.get(id);
      if (hit) {
        // Most recently used last.
        this.results.delete(id);
        this.results.set(id, hit);
        out.set(id, hit);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      for (const [id, result] of await load(missing)) {
        out.set(id, result);
        this.results.set(id, result);
      }
      while (this.results.size > RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value as string);
    }
    return out;
  }

  /**
   * The JSON of these open notices' search results as UTF-8, each missing its `search_score`
   * and closing brace: `fragment + ',"search_score":' + score + '}'` is the result. Bytes
   * rather than strings, so that a response is concatenated outside the JavaScript heap and
   * sent without being encoded again (search.ts).
   */
  async fragmentsOf(
    ids: string[],
    load: (ids: string[]) => Promise<Map<string, SearchResult>>,
  ): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.fragments.get(id);
      if (hit === undefined) missing.push(id);
      else out.set(id, hit);
    }
    if (missing.length > 0) {
      for (const [id, result] of await load(missing)) {
        const { search_score: _score, ...rest } = result;
        const fragment = Buffer.from(JSON.stringify(rest).slice(0, -1));
        out.set(id, fragment);
        this.fragments.set(id, fragment);
      }
      // Every open notice may stay; beyond that the oldest entries go.
      const bound = Math.max(RESULT_CACHE_SIZE, this.index.size);
      while (this.fragments.size > bound) this.fragments.delete(this.fragments.keys().next().value as string);
    }
    return out;
  }

  private reset(): void {
    this.results.clear();
    this.fragments.clear();
    this.index = new OpenIndex();
    this.seq = -1;
    this.lastVersion = undefined;
    this.work = undefined;
  }

  private background(job: () => Promise<void>): Promise<void> {
    return job()
      .catch((err: unknown) => this.disable(err))
      .finally(() => {
        this.work = undefined;
      });
  }

  private async build(pageDone: () => void): Promise<void> {
    try {
      // The log position first: a change made while the pages are read is applied after them.
      const start = await this.head();
      const index = new OpenIndex();
      const now = Date.now();
      let after = '';
      for (;;) {
        const rows = await this.openRows(after, PAGE, new Date(now).toISOString());
        for (const row of rows) index.upsert(row, now);
        if (rows.length < PAGE) break;
        after = (rows[rows.length - 1] as IndexableRow).id;
        pageDone();
        await yieldToEventLoop();
      }
      this.index = index;
      this.lastMaintain = now;
      this.seq = start;
      await this.applyAll();
    } finally {
      pageDone();
    }
  }

  private async applyAll(): Promise<void> {
    for (;;) {
      const changes = await this.changesAfter(this.seq, PAGE);
      if (changes.length === 0) return;
      await this.apply(changes);
      if (changes.length < PAGE) return;
      await yieldToEventLoop();
    }
  }

  private async apply(changes: Array<{ seq: number; tender_id: string }>): Promise<void> {
    if (changes.length === 0) return;
    const ids = [...new Set(changes.map((c) => c.tender_id))];
    const rows = new Map<string, IndexableRow>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of await this.rowsById(ids.slice(i, i + 500))) rows.set(row.id, row);
    }
    const now = Date.now();
    for (const id of ids) {
      this.results.delete(id);
      this.fragments.delete(id);
      const row = rows.get(id);
      if (row) this.index.upsert(row, now);
      else this.index.remove(id);
    }
    this.seq = (changes[changes.length - 1] as { seq: number }).seq;
  }

  // --- database reads (Kysely, both dialects; SQLite's cheap checks through the raw handle) ---

  /** Changes when any connection writes (SQLite); undefined where it cannot tell (PostgreSQL). */
  private version(): string | undefined {
    const db = this.dbh.sqlite;
    if (!db) return undefined;
    return `${String(db.pragma('data_version', { simple: true }))}:${String(db.prepare('SELECT total_changes()').pluck().get())}`;
  }

  private async head(): Promise<number> {
    const db = this.dbh.sqlite;
    if (db) return Number(db.prepare('SELECT coalesce(max(seq), 0) FROM tender_change').pluck().get() ?? 0);
    const row = await this.dbh.db
      .selectFrom('tender_change')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  private async minSeq(): Promise<number> {
    const row = await this.dbh.db
      .selectFrom('tender_change')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  private async changesAfter(seq: number, limit: number): Promise<Array<{ seq: number; tender_id: string }>> {
    const rows = await this.dbh.db
      .selectFrom('tender_change')
      .select(['seq', 'tender_id'])
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ seq: Number(r.seq), tender_id: r.tender_id }));
  }

  private async openRows(afterId: string, limit: number, nowIso: string): Promise<IndexableRow[]> {
    return this.dbh.db
      .selectFrom('tender')
      .select(INDEXABLE_COLUMNS)
      .where('id', '>', afterId)
      .where(sql<boolean>`lower(status) in ('open', 'active')`)
      .where((eb) => eb.or([eb('closing_date', 'is', null), eb('closing_date', '>', nowIso)]))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  private async rowsById(ids: string[]): Promise<IndexableRow[]> {
    if (ids.length === 0) return [];
    return this.dbh.db.selectFrom('tender').select(INDEXABLE_COLUMNS).where('id', 'in', ids).execute();
  }
}

/** Deletes log entries beyond the newest CHANGE_LOG_KEEP (called after each ingestion). */
export async function pruneChangeLog(dbh: DbHandle): Promise<void> {
  const row = await dbh.db
    .selectFrom('tender_change')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  const head = Number(row?.seq ?? 0);
  if (head > CHANGE_LOG_KEEP)
    await dbh.db
      .deleteFrom('tender_change')
      .where('seq', '<=', head - CHANGE_LOG_KEEP)
      .execute();
}
