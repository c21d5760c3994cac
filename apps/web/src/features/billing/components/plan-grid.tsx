import type { BillingCycle } from '@app/shared/billing-constants';
import type { Plan } from '@app/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/form.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { plansQuery } from '../api/get-plans.ts';
import { useCheckout } from '../api/checkout.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { useBillingLabels, useCheckoutErrorMessage } from '../format.ts';
import { PlanCard } from './plan-card.tsx';

interface PlanGridProps {
  cycle: BillingCycle;
  /** Signed out: the card's call to action (a link to sign-up). Signed in, cards start a checkout. */
  signedOutAction?: (plan: Plan) => ReactNode;
  /** An extra badge for a card (e.g. 'Current plan'). */
  badge?: (plan: Plan) => ReactNode;
}

/**
 * The plan cards, two per row (spec §9), loaded for the chosen cycle, with the loading and error
 * states of spec §4 and §8. Signed in, each card's button creates a checkout: that button alone
 * shows a loading state, and the browser then goes to the URL the server answered.
 */
export function PlanGrid({ cycle, signedOutAction, badge }: PlanGridProps) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const checkoutErrorMessage = useCheckoutErrorMessage();
  const { user } = useAuth();
  const plans = useQuery(plansQuery(cycle));
  const checkout = useCheckout();
  const [missingEmail, setMissingEmail] = useState(false);

  if (plans.isPending) return <PageLoader label={t('card.loading')} />;
  if (plans.isError) return <Banner kind="error">{t('errors.plansFailed')}</Banner>;

  const choose = (plan: Plan) => {
    // Spec §5, §8: checkout needs a signed-in user with an email.
    if (!user?.user.email) {
      setMissingEmail(true);
      return;
    }
    setMissingEmail(false);
    checkout.mutate({
      planId: plan.id,
      billingCycle: cycle,
      userId: user.user.id,
      email: user.user.email,
      name: user.profile?.company_name || null,
    });
  };
  // The button stays busy after success too: the browser is leaving for the checkout URL.
  const busyPlan = checkout.isPending || checkout.isSuccess ? checkout.variables?.planId : undefined;

  return (
    <>
      {missingEmail && <Banner kind="error">{t('errors.emailRequired')}</Banner>}
      {checkout.isError && <Banner kind="error">{checkoutErrorMessage(checkout.error)}</Banner>}
      <div className="plan-grid" aria-busy={plans.isPlaceholderData || undefined}>
        {plans.data.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            badge={badge?.(plan)}
            action={
              user || !signedOutAction ? (
                <button
                  type="button"
                  className={plan.popular ? 'button button--block' : 'button button--block button--outline'}
                  disabled={busyPlan !== undefined || plans.isPlaceholderData}
                  aria-busy={busyPlan === plan.id || undefined}
                  onClick={() => choose(plan)}
                >
                  {busyPlan === plan.id ? t('card.creating') : t('card.choosePlan')}
                  <span className="visually-hidden"> ({labels.planName(plan)})</span>
                </button>
              ) : (
                signedOutAction(plan)
              )
            }
          />
        ))}
      </div>
    </>
  );
}
