import type { AlertCriteria, AlertInput } from '@app/shared/alerts';
import { CATEGORY_CODES, FILTER_REGIONS, SEARCH_PROCUREMENT_METHODS } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A new alert's values from the address: the /search page's query and filters (`q`, `region`,
 * `method`, `after`, the names the search page keeps in its own address). Unknown values are dropped.
 */
export function alertFromSearchParams(params: URLSearchParams): AlertInput {
  const q = params.get('q')?.trim() ?? '';
  const regions = params.getAll('region').filter((r) => (FILTER_REGIONS as readonly string[]).includes(r));
  const method = params.get('method') ?? '';
  const after = params.get('after') ?? '';
  return {
    name: q.slice(0, 100) || regions.join(', ').slice(0, 100),
    criteria: {
      q,
      regions,
      procurement_category: [],
      ...((SEARCH_PROCUREMENT_METHODS as readonly string[]).includes(method) && { procurement_method: method }),
      ...(DATE.test(after) && { closing_date_after: after }),
    },
    frequency: 'daily',
    active: true,
  };
}

/** True when the address carries a search to prefill from. */
export const hasSearchParams = (params: URLSearchParams) =>
  ['q', 'region', 'method', 'after'].some((key) => params.has(key));

/** Form values of an existing alert; the keys the form does not show (notice types, amounts…) are kept as they are. */
export function alertToInput(alert: {
  name: string;
  criteria: AlertCriteria;
  frequency: AlertInput['frequency'];
}): AlertInput {
  return {
    name: alert.name,
    criteria: {
      ...alert.criteria,
      regions: alert.criteria.regions ?? [],
      procurement_category: alert.criteria.procurement_category ?? [],
    },
    frequency: alert.frequency,
    active: true,
  };
}

/** The criteria in a few words, in the UI's language: “construction” · in Ontario · Request for Proposal. */
export function useCriteriaSummary() {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const region = (r: string) =>
    (FILTER_REGIONS as readonly string[]).includes(r)
      ? tc(`domain.provinces.${r as (typeof FILTER_REGIONS)[number]}`)
      : r;
  const method = (m: string) =>
    (SEARCH_PROCUREMENT_METHODS as readonly string[]).includes(m)
      ? tc(`domain.procurementMethods.${m as (typeof SEARCH_PROCUREMENT_METHODS)[number]}`)
      : m;
  const category = (c: string) =>
    (CATEGORY_CODES as readonly string[]).includes(c)
      ? tc(`domain.categories.${c as (typeof CATEGORY_CODES)[number]}`)
      : c;
  return (c: AlertCriteria): string => {
    const parts: string[] = [c.q.trim() ? t('criteria.keywords', { q: c.q.trim() }) : t('criteria.anyText')];
    const regions = (c.regions ?? []).filter((r) => r.trim());
    if (regions.length) parts.push(t('criteria.regions', { list: regions.map(region).join(', ') }));
    if (c.procurement_method?.trim()) parts.push(t('criteria.method', { method: method(c.procurement_method) }));
    const categories = (c.procurement_category ?? []).filter((x) => x.trim());
    if (categories.length) parts.push(t('criteria.categories', { list: categories.map(category).join(', ') }));
    if (c.closing_date_after) parts.push(t('criteria.closingAfter', { date: formatDate(c.closing_date_after) }));
    const others = [
      c.notice_type?.length,
      c.tender_status?.length,
      c.contracting_entity_name?.length,
      c.closing_date_before,
      c.publication_date_after,
      c.publication_date_before,
      c.value_min,
      c.value_max,
    ].some(Boolean);
    if (others) parts.push(t('criteria.more'));
    return parts.join(' · ');
  };
}
