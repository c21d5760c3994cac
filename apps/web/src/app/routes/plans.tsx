import { LIMIT_METRICS } from '@app/shared/billing-constants';
import type { SubscriptionState } from '@app/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { usePortal } from '../../features/billing/api/checkout.ts';
import { subscriptionQuery } from '../../features/billing/api/get-subscription.ts';
import { BillingCycleToggle } from '../../features/billing/components/billing-cycle-toggle.tsx';
import { PlanGrid } from '../../features/billing/components/plan-grid.tsx';
import { formatDate, useBillingLabels, usePortalErrorMessage } from '../../features/billing/format.ts';
import { useBillingCycle } from '../../features/billing/use-billing-cycle.ts';
import '../../features/billing/billing.css';
import { formatCount } from '../../lib/format.ts';
import { paths } from '../../paths.ts';

function CurrentSubscription({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const portalErrorMessage = usePortalErrorMessage();
  const { subscription: sub, level } = state;
  const portal = usePortal();
  return (
    <section className="billing-panel" aria-labelledby="current-title">
      <h2 id="current-title">{t('current.title')}</h2>
      <dl className="details">
        <div className="details__row">
          <dt>{t('current.plan')}</dt>
          <dd>
            {t('current.planValue', {
              plan: labels.planName(sub),
              cycle: labels.cycle(sub.billingCycle).toLocaleLowerCase(),
            })}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('current.status')}</dt>
          <dd>{t(`status.${sub.status}`)}</dd>
        </div>
        {sub.status === 'trialing' && sub.trialEndsAt && (
          <div className="details__row">
            <dt>{t('current.trialEnds')}</dt>
            <dd>{t('current.trialEndsValue', { date: formatDate(sub.trialEndsAt), count: sub.trialDaysLeft })}</dd>
          </div>
        )}
        {sub.status !== 'trialing' && sub.currentPeriodEnd && (
          <div className="details__row">
            <dt>{sub.cancelAtPeriodEnd ? t('current.endsOn') : t('current.renewsOn')}</dt>
            <dd>{formatDate(sub.currentPeriodEnd)}</dd>
          </div>
        )}
      </dl>
      {state.managedBy && <Banner kind="info">{t('current.managedBy', { owner: state.managedBy })}</Banner>}
      {level === 'free' && (
        <Banner kind="info">
          {sub.status === 'expired' ? t('current.trialEnded') : t('current.subscriptionEnded')}
        </Banner>
      )}
      {state.managedBy ? null : sub.manageable ? (
        <>
          {portal.isError && <Banner kind="error">{portalErrorMessage(portal.error)}</Banner>}
          <button
            type="button"
            className="button button--secondary"
            disabled={portal.isPending || portal.isSuccess}
            onClick={() => portal.mutate()}
          >
            {portal.isPending || portal.isSuccess ? t('current.opening') : t('current.manage')}
          </button>
        </>
      ) : (
        state.paymentProvider === 'local' && <p className="muted">{t('current.localProvider')}</p>
      )}
    </section>
  );
}

function Usage({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  return (
    <section className="billing-panel" aria-labelledby="usage-title">
      <h2 id="usage-title">{t('usage.title')}</h2>
      <ul className="usage">
        {LIMIT_METRICS.map((metric) => {
          const item = state.usage[metric];
          const unlimited = item.limit === -1;
          return (
            <li key={metric} className="usage__item">
              <div className="usage__row">
                <span className="usage__label">{t(`usage.${metric}`)}</span>
                <span data-testid={`usage-${metric}`}>
                  {t('usage.value', { used: formatCount(item.used), limit: labels.limit(metric, item.limit) })}
                </span>
              </div>
              {!unlimited && (
                <meter
                  className="usage__meter"
                  min={0}
                  max={item.limit}
                  value={Math.min(item.used, item.limit)}
                  aria-label={t(`usage.${metric}`)}
                />
              )}
            </li>
          );
        })}
      </ul>
      <p>
        <Link to={paths.team.href()}>{t('usage.team')}</Link>
      </p>
    </section>
  );
}

/** /plans (spec §2): the current subscription, usage against each limit, and plan choice through checkout. */
export function Component() {
  const { t } = useTranslation('billing');
  const { user } = useAuth();
  const [cycle, setCycle] = useBillingCycle();
  const state = useQuery({ ...subscriptionQuery(user?.user.id ?? ''), enabled: user !== null });

  return (
    <div className="pricing">
      <header className="pricing__head">
        <h1>{t('plansPage.title')}</h1>
      </header>
      {state.isPending ? (
        <PageLoader label={t('plansPage.loading')} />
      ) : state.isError ? (
        <Banner kind="error">{t('plansPage.loadFailed')}</Banner>
      ) : (
        <div className="billing-panels">
          <CurrentSubscription state={state.data} />
          <Usage state={state.data} />
        </div>
      )}

      <section id="plans" className="pricing__section" aria-labelledby="choose-title">
        <h2 id="choose-title">{t('plansPage.chooseTitle')}</h2>
        <BillingCycleToggle value={cycle} onChange={setCycle} />
        <PlanGrid
          cycle={cycle}
          badge={(plan) =>
            state.data?.subscription.planId === plan.id &&
            state.data.subscription.billingCycle === plan.billingCycle &&
            state.data.level !== 'free' ? (
              <span className="badge badge--current">{t('plansPage.currentPlan')}</span>
            ) : null
          }
        />
        <p className="muted">
          {t('plansPage.questions')} <Link to={paths.contact.href()}>{t('plansPage.talkToSales')}</Link>
        </p>
      </section>
    </div>
  );
}
