import { FILTER_REGIONS, SEARCH_PROCUREMENT_METHODS } from '@app/shared/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchPageFilters } from '../../api/search-tenders.ts';

export const NO_FILTERS: SearchPageFilters = { regions: [] };

/**
 * The /search filter panel (spec §2): Regions checkboxes, Procurement Method radios, Closing Date
 * After, Reset and Apply Filters. Choices are a draft until applied; the parent keys the panel by
 * the applied filters so it shows them again after back/forward.
 */
export function SearchFiltersPanel({
  applied,
  onApply,
  id,
}: {
  applied: SearchPageFilters;
  onApply: (filters: SearchPageFilters) => void;
  id: string;
}) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation();
  const [regions, setRegions] = useState<string[]>(applied.regions);
  const [method, setMethod] = useState(applied.procurement_method ?? '');
  const [after, setAfter] = useState(applied.closing_date_after ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({
      regions: FILTER_REGIONS.filter((r) => regions.includes(r)),
      ...(method && { procurement_method: method }),
      ...(after && { closing_date_after: after }),
    });
  };

  const reset = () => {
    setRegions([]);
    setMethod('');
    setAfter('');
    onApply(NO_FILTERS);
  };

  return (
    <form id={id} className="sp-filters" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sp-filters__title">
        {t('filters.title')}
      </h2>
      <fieldset className="sp-filters__group">
        <legend>{t('filters.regions')}</legend>
        {FILTER_REGIONS.map((region) => (
          <label key={region} className="sp-filters__option">
            <input
              type="checkbox"
              name="regions"
              value={region}
              checked={regions.includes(region)}
              onChange={(e) =>
                setRegions((prev) => (e.target.checked ? [...prev, region] : prev.filter((r) => r !== region)))
              }
            />
            {tc(`domain.provinces.${region}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="sp-filters__group">
        <legend>{t('filters.method')}</legend>
        <label className="sp-filters__option">
          <input type="radio" name="method" value="" checked={method === ''} onChange={() => setMethod('')} />
          {t('filters.anyMethod')}
        </label>
        {SEARCH_PROCUREMENT_METHODS.map((m) => (
          <label key={m} className="sp-filters__option">
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
            {tc(`domain.procurementMethods.${m}`)}
          </label>
        ))}
      </fieldset>
      <div className="sp-filters__group">
        <label className="sp-filters__label" htmlFor={`${id}-after`}>
          {t('filters.closingAfter')}
        </label>
        <input
          id={`${id}-after`}
          className="sp-filters__date"
          type="date"
          value={after}
          onChange={(e) => setAfter(e.target.value)}
        />
      </div>
      <div className="sp-filters__actions">
        <button type="button" className="button button--secondary" onClick={reset}>
          {t('filters.reset')}
        </button>
        <button type="submit" className="button">
          {t('filters.apply')}
        </button>
      </div>
    </form>
  );
}
