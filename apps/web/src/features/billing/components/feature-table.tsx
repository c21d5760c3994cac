import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { featureTableQuery } from '../api/get-plans.ts';
import { useBillingLabels } from '../format.ts';

const COMPARED: readonly string[] = ['starter', 'professional'];

/** The Starter vs Pro comparison (spec §6), as the server builds it from the plans' feature keys. */
export function FeatureTable() {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const table = useQuery(featureTableQuery());
  if (table.isPending) return <p className="muted">{t('table.loading')}</p>;
  if (table.isError) return <p className="muted">{t('table.failed')}</p>;
  // Spec §6 compares Starter and Pro; the server's table has every plan.
  const compared = table.data.plans.filter((plan) => COMPARED.includes(plan.id));
  const plans = compared.length === COMPARED.length ? compared : table.data.plans;
  const rows = table.data.rows.filter((row) => plans.some((plan) => row.included[plan.id]));
  return (
    // Focusable so that a keyboard can scroll the table sideways on a narrow screen.
    <div className="feature-table__scroll" role="region" aria-label={t('table.caption')} tabIndex={0}>
      <table className="feature-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.feature')}</th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col">
                {labels.planName(plan)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{labels.feature(row.key, row.label)}</th>
              {plans.map((plan) => (
                <td key={plan.id}>
                  {row.included[plan.id] ? (
                    <span className="feature-table__yes">
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden">{t('table.included')}</span>
                    </span>
                  ) : (
                    <span className="feature-table__no">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t('table.notIncluded')}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
