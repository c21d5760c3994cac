import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-store.ts';
import { BillingCycleToggle } from '../../features/billing/components/billing-cycle-toggle.tsx';
import { FeatureTable } from '../../features/billing/components/feature-table.tsx';
import { PlanGrid } from '../../features/billing/components/plan-grid.tsx';
import { PricingFaq } from '../../features/billing/components/pricing-faq.tsx';
import { useBillingCycle } from '../../features/billing/use-billing-cycle.ts';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

/** /pricing (spec §2, §9): public plans, the feature table, the FAQ and a call to action. */
export function Component() {
  const { isSignedIn } = useAuth();
  const [cycle, setCycle] = useBillingCycle();
  const scrollToPlans = () => document.getElementById('plans')?.scrollIntoView({ behavior: 'smooth' });

  return (
    <div className="pricing">
      <header className="pricing__head">
        <h1>Choose Your Plan</h1>
        <p className="muted">Every plan starts with a 14-day free trial. No credit card required, cancel anytime.</p>
        <BillingCycleToggle value={cycle} onChange={setCycle} />
      </header>

      <section id="plans" aria-label="Plans">
        <PlanGrid
          cycle={cycle}
          signedOutAction={(plan) => (
            <Link
              className={plan.popular ? 'button button--block' : 'button button--block button--outline'}
              to={paths.signUp.href({ plan: plan.id, billing: cycle })}
            >
              {plan.cta}
              <span className="visually-hidden"> ({plan.name})</span>
            </Link>
          )}
        />
      </section>

      <section className="pricing__section" aria-labelledby="compare-title">
        <h2 id="compare-title">Compare Starter and Pro</h2>
        <FeatureTable />
      </section>

      <PricingFaq />

      <section className="pricing-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to win more public contracts?</h2>
        <p>Start your 14-day free trial today. No credit card required.</p>
        <div className="pricing-cta__actions">
          {isSignedIn ? (
            <button type="button" className="button" onClick={scrollToPlans}>
              Choose Plan
            </button>
          ) : (
            <Link className="button" to={paths.signUp.href()}>
              Start Free Trial
            </Link>
          )}
          <Link className="button button--secondary" to={paths.contact.href()}>
            Talk to Sales
          </Link>
        </div>
      </section>
    </div>
  );
}
