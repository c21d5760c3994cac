import { TRIAL_DAYS, type CheckoutConfirmation } from '@app/shared/billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../components/ui/form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { errorMessage } from '../../features/auth/error-message.ts';
import { CONFIRM_POLLS, checkoutConfirmationQuery } from '../../features/billing/api/checkout.ts';
import { subscriptionQuery } from '../../features/billing/api/get-subscription.ts';
import { CYCLE_LABELS, formatDate } from '../../features/billing/format.ts';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

function TrialSummary({ confirmation }: { confirmation: CheckoutConfirmation }) {
  const sub = confirmation.state.subscription;
  const cycle = CYCLE_LABELS[sub.billingCycle].toLowerCase();
  if (sub.status === 'trialing' && sub.trialEndsAt) {
    return (
      <div className="subscription-result__summary" data-testid="trial-summary">
        <h2>Your {TRIAL_DAYS}-day free trial</h2>
        <p>
          You are on the <strong>{sub.planName}</strong> plan, billed {cycle}. Your free trial ends on{' '}
          <strong>{formatDate(sub.trialEndsAt)}</strong> ({sub.trialDaysLeft} {sub.trialDaysLeft === 1 ? 'day' : 'days'}{' '}
          left). Nothing is charged before then, and you can cancel anytime.
        </p>
      </div>
    );
  }
  return (
    <div className="subscription-result__summary" data-testid="trial-summary">
      <h2>Your plan</h2>
      <p>
        You are on the <strong>{sub.planName}</strong> plan, billed {cycle}
        {sub.currentPeriodEnd ? `; the current period ends on ${formatDate(sub.currentPeriodEnd)}` : ''}.
      </p>
    </div>
  );
}

function Confirmation({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const confirmation = useQuery(checkoutConfirmationQuery(sessionId));
  const data = confirmation.data;

  // The plans page reads the same state: seed it so it shows the new plan at once.
  useEffect(() => {
    if (data && user) queryClient.setQueryData(subscriptionQuery(user.user.id).queryKey, data.state);
  }, [data, user, queryClient]);

  if (confirmation.isPending) return <PageLoader label="Setting up your subscription..." />;
  if (!data) {
    return (
      <section className="page-message subscription-result">
        <h1>We could not confirm your subscription</h1>
        <Banner kind="error">{errorMessage(confirmation.error, 'Please try again in a moment.')}</Banner>
        <p>
          <Link to={paths.plans.href()}>See your plan on Plans &amp; Billing</Link>
        </p>
      </section>
    );
  }
  if (data.status === 'open') {
    // Still polling (checkoutConfirmationQuery) until the provider reports the session complete.
    if (
      (queryClient.getQueryState(checkoutConfirmationQuery(sessionId).queryKey)?.dataUpdateCount ?? 0) < CONFIRM_POLLS
    )
      return <PageLoader label="Setting up your subscription..." />;
    return (
      <section className="page-message subscription-result">
        <h1>Your checkout is still being processed</h1>
        <p>This can take a minute. Your plan will appear on Plans &amp; Billing as soon as it is confirmed.</p>
        <p>
          <Link className="button" to={paths.plans.href()}>
            Plans &amp; Billing
          </Link>
        </p>
      </section>
    );
  }
  if (data.status === 'expired') {
    return (
      <section className="page-message subscription-result">
        <h1>This checkout has expired</h1>
        <p>Nothing was charged. Choose your plan again to start a new checkout.</p>
        <p>
          <Link className="button" to={paths.pricing.href()}>
            Try Again
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page-message subscription-result" aria-labelledby="success-title">
      <h1 id="success-title">Welcome to Breeze {data.state.subscription.planName}!</h1>
      <p>Your subscription is set up. You now have access to everything in your plan.</p>
      {data.notice && <Banner kind="info">{data.notice}</Banner>}
      <TrialSummary confirmation={data} />
      <div className="subscription-result__actions">
        <Link className="button" to={paths.dashboard.href()}>
          Get Started
        </Link>
        <Link className="button button--secondary" to={paths.profile.href()}>
          Manage Subscription
        </Link>
      </div>
      <p className="muted subscription-result__session">
        Session ID: <code data-testid="session-id">{data.sessionId}</code>
      </p>
    </section>
  );
}

/** /subscription/success?session_id= (spec §2): confirms the checkout with the server, then the trial summary. */
export function Component() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user, loading } = useAuth();

  if (!sessionId) {
    return (
      <section className="page-message subscription-result">
        <h1>No checkout to confirm</h1>
        <p>This page is reached at the end of a checkout. Your plan is shown on Plans &amp; Billing.</p>
        <p>
          <Link className="button" to={paths.plans.href()}>
            Plans &amp; Billing
          </Link>
        </p>
      </section>
    );
  }
  if (!user) {
    if (loading) return <PageLoader label="Setting up your subscription..." />;
    return (
      <section className="page-message subscription-result">
        <h1>Sign in to finish setting up</h1>
        <p>Sign in with the account you used at checkout to confirm your subscription.</p>
        <p>
          <Link className="button" to={paths.signIn.href()}>
            Sign In
          </Link>
        </p>
      </section>
    );
  }
  return <Confirmation sessionId={sessionId} />;
}
