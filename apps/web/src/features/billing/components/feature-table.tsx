import { useQuery } from '@tanstack/react-query';
import { featureTableQuery } from '../api/get-plans.ts';

const COMPARED: readonly string[] = ['starter', 'professional'];

/** The Starter vs Pro comparison (spec §6), as the server builds it from the plans' features. */
export function FeatureTable() {
  const table = useQuery(featureTableQuery());
  if (table.isPending) return <p className="muted">Loading the feature comparison...</p>;
  if (table.isError) return <p className="muted">The feature comparison could not be loaded.</p>;
  // Spec §6 compares Starter and Pro; the server's table has every plan.
  const compared = table.data.plans.filter((plan) => COMPARED.includes(plan.id));
  const plans = compared.length === COMPARED.length ? compared : table.data.plans;
  const rows = table.data.rows.filter((row) => plans.some((plan) => row.included[plan.id]));
  return (
    <div className="feature-table__scroll">
      <table className="feature-table">
        <caption className="visually-hidden">Features included in each plan</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {plans.map((plan) => (
                <td key={plan.id}>
                  {row.included[plan.id] ? (
                    <span className="feature-table__yes">
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden">Included</span>
                    </span>
                  ) : (
                    <span className="feature-table__no">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">Not included</span>
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
