import type { Tender, TenderVersion } from '@app/shared/tender';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenderVersionsQuery } from '../../api/get-tender-detail.ts';
import { useTenderLabels } from '../../use-tender-labels.ts';
import { formatTenderDate, formatTenderDateTime } from './tender-format.ts';

type Snapshot = Pick<TenderVersion, 'title' | 'description' | 'closing_date' | 'status'>;
type Field = keyof Snapshot;
const FIELDS: Field[] = ['title', 'closing_date', 'status', 'description'];

const same = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

/**
 * The tender's earlier versions (tender_version, newest first): when each was replaced and what
 * the next version changed. Nothing when the tender was never amended.
 */
export function AmendmentHistory({ tender }: { tender: Tender }) {
  const { t } = useTranslation('tender');
  const labels = useTenderLabels();
  const { data: versions } = useQuery(tenderVersionsQuery(tender.id));
  if (!versions || versions.length === 0) return null;
  const times = Math.max(tender.amendment_number, versions.length);

  const show = (field: Field, value: string | null) => {
    if (field === 'closing_date') return formatTenderDateTime(value);
    if (field === 'status') return labels.status(value);
    return value?.trim() || t('notSpecified');
  };

  return (
    <section className="td-card" aria-labelledby="td-amendments" data-testid="amendment-history">
      <h2 id="td-amendments">{t('amendments.title', { count: times })}</h2>
      <ol className="td-versions">
        {versions.map((v, i) => {
          // What replaced this version: the next newer one, or the tender as it is now.
          const next: Snapshot = i === 0 ? tender : versions[i - 1]!;
          const changed = FIELDS.filter((f) => !same(v[f], next[f]));
          return (
            <li key={`${v.amendment_number}-${v.replaced_at}`}>
              <p className="td-versions__head">
                <strong>{t('amendments.version', { number: v.amendment_number })}</strong> —{' '}
                {t('amendments.replaced', { date: formatTenderDate(v.replaced_at) })}
              </p>
              {changed.length === 0 ? (
                <p className="muted">{t('amendments.noChange')}</p>
              ) : (
                <>
                  <p className="td-versions__changed">{t('amendments.changed')}</p>
                  <ul className="td-versions__changes">
                    {changed.map((f) => (
                      <li key={f} data-testid={`amendment-change-${f}`}>
                        <span className="td-versions__field">{t(`amendments.fields.${f}`)}</span>
                        {f !== 'description' && (
                          <>
                            {': '}
                            <del>{show(f, v[f])}</del> → <ins>{show(f, next[f])}</ins>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
