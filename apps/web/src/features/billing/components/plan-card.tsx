import { LIMIT_METRICS, type LimitMetric, type Plan } from '@app/shared/billing';
import type { ReactNode } from 'react';
import { formatPrice } from '../format.ts';

const METRIC_LABELS: Record<LimitMetric, string> = {
  searches: 'Searches',
  alerts: 'Alerts',
  exports: 'Exports',
  users: 'Users',
};

/**
 * A plan card (spec §2, §3, §9): name, description, price (yearly: the monthly equivalent, the
 * yearly total, the original price and the save percentage), popular flag, features and limits.
 * The call to action is the caller's: a link when signed out, a checkout button when signed in.
 */
export function PlanCard({ plan, action, badge }: { plan: Plan; action: ReactNode; badge?: ReactNode }) {
  const titleId = `plan-${plan.id}-title`;
  const yearly = plan.billingCycle === 'yearly';
  return (
    <article className={plan.popular ? 'plan-card plan-card--popular' : 'plan-card'} aria-labelledby={titleId}>
      <div className="plan-card__badges">
        {plan.popular && <span className="badge">Most popular</span>}
        {badge}
      </div>
      <h3 id={titleId} className="plan-card__name">
        {plan.name}
      </h3>
      <p className="plan-card__description">{plan.description}</p>
      <div className="plan-card__price" data-testid={`price-${plan.id}`}>
        <span className="plan-card__amount">{formatPrice(plan.monthlyEquivalent)}</span>
        <span className="muted"> /month</span>
      </div>
      {yearly ? (
        <p className="plan-card__billed">
          {formatPrice(plan.price)} billed yearly
          {plan.originalPrice !== null && (
            <>
              {' '}
              <s aria-label={`instead of ${formatPrice(plan.originalPrice)}`}>{formatPrice(plan.originalPrice)}</s>
            </>
          )}
          {plan.savePercent > 0 && <span className="badge badge--save">Save {plan.savePercent}%</span>}
        </p>
      ) : (
        <p className="plan-card__billed">Billed monthly</p>
      )}
      <div className="plan-card__action">{action}</div>
      <h4 className="plan-card__subhead">Features</h4>
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <h4 className="plan-card__subhead">Limits</h4>
      <dl className="plan-card__limits">
        {LIMIT_METRICS.map((metric) => (
          <div key={metric}>
            <dt>{METRIC_LABELS[metric]}</dt>
            <dd>{plan.limitLabels[metric]}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
