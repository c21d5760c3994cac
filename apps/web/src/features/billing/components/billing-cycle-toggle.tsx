import { BILLING_CYCLES, type BillingCycle, YEARLY_DISCOUNT_PERCENT } from '@app/shared/billing-constants';
import { useTranslation } from 'react-i18next';

/** Monthly/yearly switch with the 'Save 20%' badge (spec §2, §9). */
export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <div className="cycle-toggle" role="group" aria-label={t('cycle.label')}>
      {BILLING_CYCLES.map((cycle) => (
        <button
          key={cycle}
          type="button"
          className="cycle-toggle__option"
          aria-pressed={value === cycle}
          onClick={() => onChange(cycle)}
        >
          {t(`cycle.${cycle}`)}
          {cycle === 'yearly' && (
            <span className="badge badge--save">{t('cycle.save', { percent: YEARLY_DISCOUNT_PERCENT })}</span>
          )}
        </button>
      ))}
    </div>
  );
}
