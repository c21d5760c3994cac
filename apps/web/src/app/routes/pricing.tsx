import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-store.ts';
import { BillingCycleToggle } from '../../features/billing/components/billing-cycle-toggle.tsx';
import { FeatureTable } from '../../features/billing/components/feature-table.tsx';
import { PlanGrid } from '../../features/billing/components/plan-grid.tsx';
import { PricingFaq } from '../../features/billing/components/pricing-faq.tsx';
import { useBillingLabels } from '../../features/billing/format.ts';
import { useBillingCycle } from '../../features/billing/use-billing-cycle.ts';
import '../../features/billing/billing.css';
import { paths } from '../../paths.ts';

/** /pricing (spec §2, §9): public plans, the feature table, the FAQ and a call to action. */
export function Component() {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const { isSignedIn } = useAuth();
  const [cycle, setCycle] = useBillingCycle();
  const scrollToPlans = () => document.getElementById('plans')?.scrollIntoView({ behavior: 'smooth' });

  return (
    <div className="pricing">
      <header className="pricing__head">
        <h1>{t('pricing.title')}</h1>
        <p className="muted">{t('pricing.intro')}</p>
        <BillingCycleToggle value={cycle} onChange={setCycle} />
      </header>

      <section id="plans" aria-label={t('pricing.plansRegion')}>
        <PlanGrid
          cycle={cycle}
          signedOutAction={(plan) => (
            <Link
              className={plan.popular ? 'button button--block' : 'button button--block button--outline'}
              to={paths.signUp.href({ plan: plan.id, billing: cycle })}
            >
              {labels.cta(plan)}
              <span className="visually-hidden"> ({labels.planName(plan)})</span>
            </Link>
          )}
        />
      </section>

      <section className="pricing__section" aria-labelledby="compare-title">
        <h2 id="compare-title">{t('pricing.compareTitle')}</h2>
        <FeatureTable />
      </section>

      <PricingFaq />

      <section className="pricing-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('pricing.ctaTitle')}</h2>
        <p>{t('pricing.ctaText')}</p>
        <div className="pricing-cta__actions">
          {isSignedIn ? (
            <button type="button" className="button" onClick={scrollToPlans}>
              {t('pricing.choosePlan')}
            </button>
          ) : (
            <Link className="button" to={paths.signUp.href()}>
              {t('pricing.startFreeTrial')}
            </Link>
          )}
          <Link className="button button--secondary" to={paths.contact.href()}>
            {t('pricing.talkToSales')}
          </Link>
        </div>
      </section>
    </div>
  );
}
