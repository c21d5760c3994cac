import type { Cited, RfpAnalysis, RfpDocumentDetail } from '@app/shared/rfp';
import type { ReactNode } from 'react';
import { CitedText, PageRef } from './page-ref.tsx';

const label = (category: string) => {
  const words = category.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rfp-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function CitedList({ items, empty }: { items: Cited[]; empty: string }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="rfp-list">
      {items.map((item, i) => (
        <li key={i}>
          <CitedText item={item} />
        </li>
      ))}
    </ul>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="rfp-facts">
      {rows.map(([term, value]) => (
        <div key={term} className="rfp-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ timeline }: { timeline: RfpAnalysis['timeline'] }) {
  const deadline = timeline.proposalDeadline;
  const when = [deadline.date, deadline.time, deadline.timeZone].filter(Boolean).join(' ');
  const site = timeline.siteMeeting;
  return (
    <Section title="Timeline">
      <Facts
        rows={[
          [
            'Proposal deadline',
            <>
              {when && <strong className="rfp-when">{when}</strong>} <CitedText item={deadline} />
            </>,
          ],
          ['Questions deadline', <CitedText item={timeline.questionsDeadline} />],
          [
            'Site meeting',
            <>
              {site.mandatory !== null && <strong>{site.mandatory ? 'Mandatory: ' : 'Optional: '}</strong>}
              <CitedText item={site} />
            </>,
          ],
          ['Issued', <CitedText item={timeline.issued} />],
          ['Project start', <CitedText item={timeline.projectStart} />],
          ['Project end', <CitedText item={timeline.projectEnd} />],
        ]}
      />
      {timeline.keyMilestones.length > 0 && (
        <>
          <h4>Key milestones</h4>
          <ul className="rfp-list">
            {timeline.keyMilestones.map((m, i) => (
              <li key={i}>
                <strong>{m.date}</strong> — {m.description}
                {m.page !== null && m.quote !== null && (
                  <>
                    {' '}
                    <PageRef page={m.page} quote={m.quote} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function Evaluation({ evaluation }: { evaluation: RfpAnalysis['evaluation'] }) {
  return (
    <Section title="Evaluation criteria">
      {evaluation.criteria.length === 0 ? (
        <p className="muted">No weighted criteria found in the document.</p>
      ) : (
        <ul className="rfp-list rfp-criteria">
          {evaluation.criteria.map((c, i) => (
            <li key={i}>
              <span className="rfp-criteria__name">{c.criterion}</span>{' '}
              <span className="rfp-criteria__weight">{c.weight}</span>
              {c.description && <span className="rfp-criteria__desc"> — {c.description}</span>}
              {c.page !== null && c.quote !== null && (
                <>
                  {' '}
                  <PageRef page={c.page} quote={c.quote} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Facts rows={[['Scoring method', <CitedText item={evaluation.scoringMethod} />]]} />
      <h4>Mandatory requirements (pass/fail)</h4>
      <CitedList items={evaluation.mandatoryRequirements} empty="None found in the document." />
    </Section>
  );
}

function Categorized({ title, items, empty }: { title: string; items: RfpAnalysis['riskFactors']; empty: string }) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="rfp-list">
          {items.map((item, i) => (
            <li key={i}>
              <span className="chip rfp-category">{label(item.category)}</span> <CitedText item={item} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AddendumChanges({ detail }: { detail: RfpDocumentDetail }) {
  const own = detail.analysis?.addendum;
  if (!own && detail.addenda.length === 0) return null;
  return (
    <Section title="Addendum changes">
      {own && (
        <>
          <p>
            Addendum{own.number ? ` ${own.number}` : ''}: <CitedText item={own.date} />
          </p>
          {own.changes.length === 0 ? (
            <p className="muted">No changes found in the document.</p>
          ) : (
            <ul className="rfp-list">
              {own.changes.map((c, i) => (
                <li key={i}>
                  <span className="chip rfp-category">{label(c.kind)}</span>
                  {c.section && <strong> §{c.section}</strong>} {c.description}{' '}
                  <PageRef page={c.page} quote={c.quote} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {detail.addenda.map((a) => (
        <div key={a.documentId} className="rfp-addendum">
          <h4>
            {a.filename}
            {a.number ? ` (Addendum ${a.number})` : ''} — {a.date}
          </h4>
          <ul className="rfp-list">
            {a.changes.map((c, i) => (
              <li key={i}>
                <span className="chip rfp-category">{label(c.kind)}</span>
                {c.section && <strong> §{c.section}</strong>} {c.description}{' '}
                <span className="rfp-ref-label">Addendum</span> <PageRef page={c.page} quote={c.quote} />
                {c.rfpReference && (
                  <>
                    {' '}
                    <span className="rfp-ref-label">RFP</span>{' '}
                    <PageRef page={c.rfpReference.page} quote={c.rfpReference.quote} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

/** The analysis of one document; every item carries its page chip, which reveals the quote. */
export function AnalysisPanel({ detail }: { detail: RfpDocumentDetail }) {
  const a = detail.analysis;
  if (!a) {
    return (
      <p className="rfp-doc__error" role="alert">
        {detail.error?.message ?? 'Analysis failed'}
      </p>
    );
  }
  return (
    <div className="rfp-analysis">
      <Facts
        rows={[
          ['Title', <CitedText item={a.title} />],
          ['Solicitation number', <CitedText item={a.solicitationNumber} />],
          ...(a.fileNameReference
            ? ([['File name reference', a.fileNameReference]] as Array<[string, ReactNode]>)
            : []),
          ['Issuing body', <CitedText item={a.issuingBody} />],
          [
            'Contact',
            <>
              <CitedText item={a.contact.name} />
              <br />
              <CitedText item={a.contact.email} />
              <br />
              <CitedText item={a.contact.phone} />
            </>,
          ],
        ]}
      />
      {a.pagesWithoutText.length > 0 && (
        <p className="banner banner--info" role="note">
          Pages without a text layer were not analysed: {a.pagesWithoutText.join(', ')}.
        </p>
      )}
      <Section title="Summary">
        <p>
          <CitedText item={a.summary} />
        </p>
      </Section>
      <Section title="Key requirements">
        <CitedList items={a.keyRequirements} empty="None found in the document." />
      </Section>
      <Timeline timeline={a.timeline} />
      <Evaluation evaluation={a.evaluation} />
      <Section title="Budget">
        <Facts
          rows={[
            ['Estimated value', <CitedText item={a.budgetInfo.estimatedValue} />],
            ['Payment terms', <CitedText item={a.budgetInfo.paymentTerms} />],
            ['Budget constraints', <CitedText item={a.budgetInfo.budgetConstraints} />],
          ]}
        />
      </Section>
      <Categorized
        title="Compliance requirements"
        items={a.complianceRequirements}
        empty="None found in the document."
      />
      <Categorized title="Risk factors" items={a.riskFactors} empty="None found in the document." />
      <Section title="Recommendations">
        <CitedList items={a.recommendations} empty="No recommendations." />
      </Section>
      <AddendumChanges detail={detail} />
    </div>
  );
}
