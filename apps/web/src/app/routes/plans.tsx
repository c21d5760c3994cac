import { LIMIT_METRICS, type LimitMetric, type SubscriptionState } from '@app/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { usePortal } from '../../features/billing/api/checkout.ts';
import { subscriptionQuery } from '../../features/billing/api/get-subscription.ts';
import { BillingCycleToggle } from '../../features/billing/components/billing-cycle-toggle.tsx';
import { PlanGrid } from '../../features/billing/components/plan-grid.tsx';
import { CYCLE_LABELS, formatDate, STATUS_LABELS } from '../../features/billing/format.ts';
import { useBillingCycle } from '../../features/billing/use-billing-cycle.ts';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

const USAGE_LABELS: Record<LimitMetric, string> = {
  searches: 'Searches this month',
  alerts: 'Active alerts',
  exports: 'Exports this month',
  users: 'Users',
};

function CurrentSubscription({ state }: { state: SubscriptionState }) {
  const { subscription: sub, level } = state;
  const portal = usePortal();
  return (
    <section className="billing-panel" aria-labelledby="current-title">
      <h2 id="current-title">Your subscription</h2>
      <dl className="details">
        <div className="details__row">
          <dt>Plan</dt>
          <dd>
            {sub.planName} ({CYCLE_LABELS[sub.billingCycle].toLowerCase()})
          </dd>
        </div>
        <div className="details__row">
          <dt>Status</dt>
          <dd>{STATUS_LABELS[sub.status]}</dd>
        </div>
        {sub.status === 'trialing' && sub.trialEndsAt && (
          <div className="details__row">
            <dt>Trial ends</dt>
            <dd>
              {formatDate(sub.trialEndsAt)} ({sub.trialDaysLeft} {sub.trialDaysLeft === 1 ? 'day' : 'days'} left)
            </dd>
          </div>
        )}
        {sub.status !== 'trialing' && sub.currentPeriodEnd && (
          <div className="details__row">
            <dt>{sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd>{formatDate(sub.currentPeriodEnd)}</dd>
          </div>
        )}
      </dl>
      {level === 'free' && (
        <Banner kind="info">
          Your {sub.status === 'expired' ? 'trial has ended' : 'subscription has ended'}: the Starter limits apply until
          you choose a plan.
        </Banner>
      )}
      {sub.manageable ? (
        <>
          {portal.isError && (
            <Banner kind="error">
              {errorMessage(portal.error, 'The subscription portal could not be opened. Please try again.')}
            </Banner>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={portal.isPending || portal.isSuccess}
            onClick={() => portal.mutate()}
          >
            {portal.isPending || portal.isSuccess ? 'Opening...' : 'Manage subscription'}
          </button>
        </>
      ) : (
        state.paymentProvider === 'local' && (
          <p className="muted">
            This Breeze server takes no payments: choosing a plan records it at once and no payment is taken.
          </p>
        )
      )}
    </section>
  );
}

function Usage({ state }: { state: SubscriptionState }) {
  return (
    <section className="billing-panel" aria-labelledby="usage-title">
      <h2 id="usage-title">Usage</h2>
      <ul className="usage">
        {LIMIT_METRICS.map((metric) => {
          const item = state.usage[metric];
          const unlimited = item.limit === -1;
          return (
            <li key={metric} className="usage__item">
              <div className="usage__row">
                <span className="usage__label">{USAGE_LABELS[metric]}</span>
                <span data-testid={`usage-${metric}`}>
                  {item.used} of {item.label}
                </span>
              </div>
              {!unlimited && (
                <meter
                  className="usage__meter"
                  min={0}
                  max={item.limit}
                  value={Math.min(item.used, item.limit)}
                  aria-label={USAGE_LABELS[metric]}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** /plans (spec §2): the current subscription, usage against each limit, and plan choice through checkout. */
export function Component() {
  const { user } = useAuth();
  const [cycle, setCycle] = useBillingCycle();
  const state = useQuery({ ...subscriptionQuery(user?.user.id ?? ''), enabled: user !== null });

  return (
    <div className="pricing">
      <header className="pricing__head">
        <h1>Plans &amp; Billing</h1>
      </header>
      {state.isPending ? (
        <PageLoader label="Loading your subscription..." />
      ) : state.isError ? (
        <Banner kind="error">
          {errorMessage(state.error, 'Your subscription could not be loaded. Please try again later.')}
        </Banner>
      ) : (
        <div className="billing-panels">
          <CurrentSubscription state={state.data} />
          <Usage state={state.data} />
        </div>
      )}

      <section id="plans" className="pricing__section" aria-labelledby="choose-title">
        <h2 id="choose-title">Choose a plan</h2>
        <BillingCycleToggle value={cycle} onChange={setCycle} />
        <PlanGrid
          cycle={cycle}
          badge={(plan) =>
            state.data?.subscription.planId === plan.id &&
            state.data.subscription.billingCycle === plan.billingCycle &&
            state.data.level !== 'free' ? (
              <span className="badge badge--current">Current plan</span>
            ) : null
          }
        />
        <p className="muted">
          Questions about a plan? <Link to={paths.contact.href()}>Talk to Sales</Link>.
        </p>
      </section>
    </div>
  );
}
