import { TRIAL_DAYS } from '@app/shared/billing-constants';
import type { CheckoutConfirmation } from '@app/shared/billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { CONFIRM_POLLS, checkoutConfirmationQuery } from '../../features/billing/api/checkout.ts';
import { subscriptionQuery } from '../../features/billing/api/get-subscription.ts';
import { formatDate, useBillingLabels } from '../../features/billing/format.ts';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

const BOLD = { strong: <strong /> };

function TrialSummary({ confirmation }: { confirmation: CheckoutConfirmation }) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const sub = confirmation.state.subscription;
  const values = { plan: labels.planName(sub), cycle: labels.cycleInline(sub.billingCycle) };
  if (sub.status === 'trialing' && sub.trialEndsAt) {
    return (
      <div className="subscription-result__summary" data-testid="trial-summary">
        <h2>{t('success.trialTitle', { days: TRIAL_DAYS })}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="success.trialText"
            count={sub.trialDaysLeft}
            values={{ ...values, date: formatDate(sub.trialEndsAt), count: sub.trialDaysLeft }}
            components={BOLD}
          />
        </p>
      </div>
    );
  }
  return (
    <div className="subscription-result__summary" data-testid="trial-summary">
      <h2>{t('success.planTitle')}</h2>
      <p>
        {sub.currentPeriodEnd ? (
          <Trans
            t={t}
            i18nKey="success.planTextPeriod"
            values={{ ...values, date: formatDate(sub.currentPeriodEnd) }}
            components={BOLD}
          />
        ) : (
          <Trans t={t} i18nKey="success.planText" values={values} components={BOLD} />
        )}
      </p>
    </div>
  );
}

function Confirmation({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const confirmation = useQuery(checkoutConfirmationQuery(sessionId));
  const data = confirmation.data;

  // The plans page reads the same state: seed it so it shows the new plan at once.
  useEffect(() => {
    if (data && user) queryClient.setQueryData(subscriptionQuery(user.user.id).queryKey, data.state);
  }, [data, user, queryClient]);

  if (confirmation.isPending) return <PageLoader label={t('success.settingUp')} />;
  if (!data) {
    return (
      <section className="page-message subscription-result">
        <h1>{t('success.confirmFailedTitle')}</h1>
        <Banner kind="error">{t('success.confirmFailed')}</Banner>
        <p>
          <Link to={paths.plans.href()}>{t('success.seePlan')}</Link>
        </p>
      </section>
    );
  }
  if (data.status === 'open') {
    // Still polling (checkoutConfirmationQuery) until the provider reports the session complete.
    if (
      (queryClient.getQueryState(checkoutConfirmationQuery(sessionId).queryKey)?.dataUpdateCount ?? 0) < CONFIRM_POLLS
    )
      return <PageLoader label={t('success.settingUp')} />;
    return (
      <section className="page-message subscription-result">
        <h1>{t('success.stillProcessingTitle')}</h1>
        <p>{t('success.stillProcessing')}</p>
        <p>
          <Link className="button" to={paths.plans.href()}>
            {t('success.plansBilling')}
          </Link>
        </p>
      </section>
    );
  }
  if (data.status === 'expired') {
    return (
      <section className="page-message subscription-result">
        <h1>{t('success.expiredTitle')}</h1>
        <p>{t('success.expired')}</p>
        <p>
          <Link className="button" to={paths.pricing.href()}>
            {t('success.tryAgain')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page-message subscription-result" aria-labelledby="success-title">
      <h1 id="success-title">{t('success.welcome', { plan: labels.planName(data.state.subscription) })}</h1>
      <p>{t('success.setUp')}</p>
      {data.notice && <Banner kind="info">{t('errors.localNoPayment')}</Banner>}
      <TrialSummary confirmation={data} />
      <div className="subscription-result__actions">
        <Link className="button" to={paths.dashboard.href()}>
          {t('success.getStarted')}
        </Link>
        <Link className="button button--secondary" to={paths.profile.href()}>
          {t('success.manageSubscription')}
        </Link>
      </div>
      <p className="muted subscription-result__session">
        {t('success.sessionId')} <code data-testid="session-id">{data.sessionId}</code>
      </p>
    </section>
  );
}

/** /subscription/success?session_id= (spec §2): confirms the checkout with the server, then the trial summary. */
export function Component() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user, loading } = useAuth();
  const { t } = useTranslation('billing');

  if (!sessionId) {
    return (
      <section className="page-message subscription-result">
        <h1>{t('success.noSessionTitle')}</h1>
        <p>{t('success.noSession')}</p>
        <p>
          <Link className="button" to={paths.plans.href()}>
            {t('success.plansBilling')}
          </Link>
        </p>
      </section>
    );
  }
  if (!user) {
    if (loading) return <PageLoader label={t('success.settingUp')} />;
    return (
      <section className="page-message subscription-result">
        <h1>{t('success.signInTitle')}</h1>
        <p>{t('success.signInText')}</p>
        <p>
          <Link className="button" to={paths.signIn.href()}>
            {t('success.signIn')}
          </Link>
        </p>
      </section>
    );
  }
  return <Confirmation sessionId={sessionId} />;
}
