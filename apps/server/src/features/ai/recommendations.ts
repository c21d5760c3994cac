import type { AiLocale, RecommendationPage } from '@app/shared/ai';
import type { DbHandle } from '../../db/connect.ts';
import { findTendersByIds } from '../tenders/tenders.queries.ts';
import { searchTenders } from '../tenders/search/search.ts';
import type { ProfileForFit } from './ai.queries.ts';
import { scoreFit } from './profile-fit.ts';
import { openTenderIdsByCodes, openTenderIdsByRegions } from './recommendations.queries.ts';
import { SERVICE_MAP } from './service-map.ts';
import { fitInputOf } from './tender-analysis.ts';

/**
 * Recommendations for a profile. A bounded candidate set is drawn from the database (tenders
 * whose codes or category match the services, full-text matches of the services' words
 * through the search module, tenders in the user's regions), then every candidate is scored in
 * JS with the explained profile fit. The work stays the same size however many tenders are open.
 */
export const RECOMMENDATION_CANDIDATES = { byCodes: 300, byWords: 40, byRegions: 150 } as const;

export async function recommendTenders(
  dbh: DbHandle,
  profile: ProfileForFit,
  opts: {
    page: number;
    limit: number;
    locale: AiLocale;
    now?: Date;
    /** Only tenders published on or after this day (YYYY-MM-DD): the dashboard's "new this week". */
    publishedSince?: string;
  },
): Promise<RecommendationPage> {
  const now = opts.now ?? new Date();
  const services = profile.primary_services.filter((s) => s !== 'Other').map((s) => SERVICE_MAP[s]);
  const profileComplete = services.length > 0 || profile.service_regions.length > 0;

  const unique = <T>(xs: T[]) => [...new Set(xs)];
  // One full-text search per service (its main word), at most four.
  const words = unique(services.map((s) => s.searchWords[0]).filter((w): w is string => Boolean(w))).slice(0, 4);
  const [byCodes, byRegions, ...byWords] = await Promise.all([
    openTenderIdsByCodes(
      dbh.db,
      {
        unspsc: minimalPrefixes(services.flatMap((s) => s.unspsc)),
        gsin: minimalPrefixes(services.flatMap((s) => s.gsin)),
        categories: unique(services.flatMap((s) => s.categories)),
        limit: RECOMMENDATION_CANDIDATES.byCodes,
        ...(opts.publishedSince ? { publishedSince: opts.publishedSince } : {}),
      },
      now,
    ),
    openTenderIdsByRegions(
      dbh.db,
      profile.service_regions,
      RECOMMENDATION_CANDIDATES.byRegions,
      now,
      opts.publishedSince,
    ),
    ...words.map((q) =>
      searchTenders(
        dbh,
        {
          q,
          parse_query: false,
          limit: RECOMMENDATION_CANDIDATES.byWords,
          offset: 0,
          ...(opts.publishedSince ? { publication_date_after: opts.publishedSince } : {}),
        },
        now,
      ).then((r) => r.results.map((t) => t.id)),
    ),
  ]);
  const ids = unique([...byCodes, ...byWords.flat(), ...byRegions]);
  const tenders = await findTendersByIds(dbh.db, ids, now);

  const scored = tenders
    .map((t) => ({ t, fit: scoreFit(fitInputOf(t), profile, opts.locale) }))
    .filter((x) => x.fit.score > 0 && (x.fit.serviceStrength > 0 || services.length === 0))
    .sort(
      (a, b) =>
        b.fit.score - a.fit.score ||
        (a.t.closing_date ?? '9999').localeCompare(b.t.closing_date ?? '9999') ||
        a.t.id.localeCompare(b.t.id),
    );

  const start = (opts.page - 1) * opts.limit;
  return {
    results: scored
      .slice(start, start + opts.limit)
      .map(({ t, fit }) => ({ ...t, relevanceScore: fit.score, reasons: fit.reasons })),
    total: scored.length,
    page: opts.page,
    limit: opts.limit,
    profileComplete,
  };
}

/** Drops prefixes another prefix already covers ("811118" covers "81111801"): fewer LIKEs per row. */
function minimalPrefixes(prefixes: string[]): string[] {
  const sorted = [...new Set(prefixes)].sort((a, b) => a.length - b.length);
  return sorted.filter((p, i) => !sorted.slice(0, i).some((q) => p.startsWith(q)));
}
