import { BILLING_CYCLES, type BillingCycle, YEARLY_DISCOUNT_PERCENT } from '@app/shared/billing';
import { CYCLE_LABELS } from '../format.ts';

/** Monthly/yearly switch with the 'Save 20%' badge (spec §2, §9). */
export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  return (
    <div className="cycle-toggle" role="group" aria-label="Billing cycle">
      {BILLING_CYCLES.map((cycle) => (
        <button
          key={cycle}
          type="button"
          className="cycle-toggle__option"
          aria-pressed={value === cycle}
          onClick={() => onChange(cycle)}
        >
          {CYCLE_LABELS[cycle]}
          {cycle === 'yearly' && <span className="badge badge--save">Save {YEARLY_DISCOUNT_PERCENT}%</span>}
        </button>
      ))}
    </div>
  );
}
