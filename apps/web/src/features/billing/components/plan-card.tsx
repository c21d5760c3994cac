import { LIMIT_METRICS } from '@app/shared/billing-constants';
import type { Plan } from '@app/shared/billing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, useBillingLabels } from '../format.ts';

/**
 * A plan card (spec §2, §3, §9): name, description, price (yearly: the monthly equivalent, the
 * yearly total, the original price and the save percentage), popular flag, features and limits.
 * The call to action is the caller's: a link when signed out, a checkout button when signed in.
 */
export function PlanCard({ plan, action, badge }: { plan: Plan; action: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const titleId = `plan-${plan.id}-title`;
  const yearly = plan.billingCycle === 'yearly';
  return (
    <article className={plan.popular ? 'plan-card plan-card--popular' : 'plan-card'} aria-labelledby={titleId}>
      <div className="plan-card__badges">
        {plan.popular && <span className="badge">{t('card.popular')}</span>}
        {badge}
      </div>
      <h3 id={titleId} className="plan-card__name">
        {labels.planName(plan)}
      </h3>
      <p className="plan-card__description">{labels.planDescription(plan)}</p>
      <div className="plan-card__price" data-testid={`price-${plan.id}`}>
        <span className="plan-card__amount">{formatPrice(plan.monthlyEquivalent)}</span>
        <span className="muted"> {t('card.perMonth')}</span>
      </div>
      {yearly ? (
        <p className="plan-card__billed">
          {t('card.billedYearly', { price: formatPrice(plan.price) })}
          {plan.originalPrice !== null && (
            <>
              {' '}
              <s>
                <span className="visually-hidden">{t('card.insteadOf')} </span>
                {formatPrice(plan.originalPrice)}
              </s>
            </>
          )}
          {plan.savePercent > 0 && (
            <span className="badge badge--save">{t('cycle.save', { percent: plan.savePercent })}</span>
          )}
        </p>
      ) : (
        <p className="plan-card__billed">{t('card.billedMonthly')}</p>
      )}
      <div className="plan-card__action">{action}</div>
      <h4 className="plan-card__subhead">{t('card.features')}</h4>
      <ul className="plan-card__features">
        {plan.features.map((feature, i) => {
          const key = plan.featureKeys[i] ?? feature;
          return <li key={key}>{labels.feature(key, feature)}</li>;
        })}
      </ul>
      <h4 className="plan-card__subhead">{t('card.limits')}</h4>
      <dl className="plan-card__limits">
        {LIMIT_METRICS.map((metric) => (
          <div key={metric}>
            <dt>{t(`metrics.${metric}`)}</dt>
            <dd>{labels.limit(metric, plan.limits[metric])}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
