/** The pricing FAQ (spec §9). */
const FAQ = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. You can upgrade or downgrade at any time; the change takes effect at the start of your next billing cycle.',
  },
  {
    q: 'Is there a free trial?',
    a: 'Every plan starts with a 14-day free trial. No credit card is required and nothing is charged until the trial ends.',
  },
  {
    q: 'What is your refund policy?',
    a: 'Annual plans come with a 30-day money-back guarantee. Monthly plans can be cancelled at any time.',
  },
  {
    q: 'What payment methods do you accept?',
    a: 'All major credit cards and PayPal. Annual plans can also be paid by ACH bank transfer.',
  },
  {
    q: 'Is there a setup fee?',
    a: 'No. There is no setup fee on any plan.',
  },
] as const;

export function PricingFaq() {
  return (
    <section className="pricing-faq" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      {FAQ.map(({ q, a }) => (
        <details key={q} className="pricing-faq__item">
          <summary>{q}</summary>
          <p>{a}</p>
        </details>
      ))}
    </section>
  );
}
