import type { Cited, RfpAnalysis, RfpDocumentDetail } from '@app/shared/rfp';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRfpLabels } from '../labels.ts';
import { CitedText, OcrPagesContext, PageRef } from './page-ref.tsx';

const NO_PAGES: ReadonlySet<number> = new Set();

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
  const { t } = useTranslation('rfp');
  const deadline = timeline.proposalDeadline;
  const when = [deadline.date, deadline.time, deadline.timeZone].filter(Boolean).join(' ');
  const site = timeline.siteMeeting;
  return (
    <Section title={t('result.sections.timeline')}>
      <Facts
        rows={[
          [
            t('result.timeline.proposalDeadline'),
            <>
              {when && <strong className="rfp-when">{when}</strong>} <CitedText item={deadline} />
            </>,
          ],
          [t('result.timeline.questionsDeadline'), <CitedText item={timeline.questionsDeadline} />],
          [
            t('result.timeline.siteMeeting'),
            <>
              {site.mandatory !== null && (
                <strong>{site.mandatory ? t('result.timeline.mandatory') : t('result.timeline.optional')} </strong>
              )}
              <CitedText item={site} />
            </>,
          ],
          [t('result.timeline.issued'), <CitedText item={timeline.issued} />],
          [t('result.timeline.projectStart'), <CitedText item={timeline.projectStart} />],
          [t('result.timeline.projectEnd'), <CitedText item={timeline.projectEnd} />],
        ]}
      />
      {timeline.keyMilestones.length > 0 && (
        <>
          <h4>{t('result.timeline.milestones')}</h4>
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
  const { t } = useTranslation('rfp');
  return (
    <Section title={t('result.sections.evaluation')}>
      {evaluation.criteria.length === 0 ? (
        <p className="muted">{t('result.evaluation.noCriteria')}</p>
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
      <Facts rows={[[t('result.evaluation.scoringMethod'), <CitedText item={evaluation.scoringMethod} />]]} />
      <h4>{t('result.evaluation.mandatory')}</h4>
      <CitedList items={evaluation.mandatoryRequirements} empty={t('result.noneFound')} />
    </Section>
  );
}

function Categorized({ title, items, empty }: { title: string; items: RfpAnalysis['riskFactors']; empty: string }) {
  const labels = useRfpLabels();
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="rfp-list">
          {items.map((item, i) => (
            <li key={i}>
              <span className="chip rfp-category">{labels.category(item.category)}</span> <CitedText item={item} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AddendumChanges({ detail }: { detail: RfpDocumentDetail }) {
  const { t } = useTranslation('rfp');
  const labels = useRfpLabels();
  const own = detail.analysis?.addendum;
  if (!own && detail.addenda.length === 0) return null;
  return (
    <Section title={t('result.sections.addendum')}>
      {own && (
        <>
          <p>
            {own.number ? t('result.addendum.ownNumber', { number: own.number }) : t('result.addendum.own')}:{' '}
            <CitedText item={own.date} />
          </p>
          {own.changes.length === 0 ? (
            <p className="muted">{t('result.addendum.noChanges')}</p>
          ) : (
            <ul className="rfp-list">
              {own.changes.map((c, i) => (
                <li key={i}>
                  <span className="chip rfp-category">{labels.change(c.kind)}</span>
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
            {a.number ? ` ${t('result.addendum.numbered', { number: a.number })}` : ''} — {a.date}
          </h4>
          <ul className="rfp-list">
            {a.changes.map((c, i) => (
              <li key={i}>
                <span className="chip rfp-category">{labels.change(c.kind)}</span>
                {c.section && <strong> §{c.section}</strong>} {c.description}{' '}
                <span className="rfp-ref-label">{t('result.addendum.refAddendum')}</span>{' '}
                {/* A page of the addendum: the RFP's OCR pages do not apply to it. */}
                <OcrPagesContext.Provider value={NO_PAGES}>
                  <PageRef page={c.page} quote={c.quote} />
                </OcrPagesContext.Provider>
                {c.rfpReference && (
                  <>
                    {' '}
                    <span className="rfp-ref-label">{t('result.addendum.refRfp')}</span>{' '}
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

/** The analysis of one document; every item carries its page chip, which reveals the quote (marked when read by OCR). */
export function AnalysisPanel({ detail }: { detail: RfpDocumentDetail }) {
  return (
    <OcrPagesContext.Provider value={new Set(detail.analysis?.ocrPages ?? [])}>
      <AnalysisBody detail={detail} />
    </OcrPagesContext.Provider>
  );
}

function AnalysisBody({ detail }: { detail: RfpDocumentDetail }) {
  const { t } = useTranslation('rfp');
  const labels = useRfpLabels();
  const a = detail.analysis;
  if (!a) {
    return (
      <p className="rfp-doc__error" role="alert">
        {labels.errorText(detail.error?.code, t('errors.analysisFailed'))}
      </p>
    );
  }
  return (
    <div className="rfp-analysis">
      <Facts
        rows={[
          [t('result.facts.title'), <CitedText item={a.title} />],
          [t('result.facts.solicitationNumber'), <CitedText item={a.solicitationNumber} />],
          ...(a.fileNameReference
            ? ([[t('result.facts.fileNameReference'), a.fileNameReference]] as Array<[string, ReactNode]>)
            : []),
          [t('result.facts.issuingBody'), <CitedText item={a.issuingBody} />],
          [
            t('result.facts.contact'),
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
      {(a.ocrPages ?? []).length > 0 && (
        <p className="banner banner--info" role="note">
          {t('result.ocrPages', { pages: a.ocrPages.join(', ') })}
        </p>
      )}
      {a.pagesWithoutText.length > 0 && (
        <p className="banner banner--info" role="note">
          {t('result.pagesWithoutText', { pages: a.pagesWithoutText.join(', ') })}
        </p>
      )}
      <Section title={t('result.sections.summary')}>
        <p>
          <CitedText item={a.summary} />
        </p>
      </Section>
      <Section title={t('result.sections.keyRequirements')}>
        <CitedList items={a.keyRequirements} empty={t('result.noneFound')} />
      </Section>
      <Timeline timeline={a.timeline} />
      <Evaluation evaluation={a.evaluation} />
      <Section title={t('result.sections.budget')}>
        <Facts
          rows={[
            [t('result.budget.estimatedValue'), <CitedText item={a.budgetInfo.estimatedValue} />],
            [t('result.budget.paymentTerms'), <CitedText item={a.budgetInfo.paymentTerms} />],
            [t('result.budget.budgetConstraints'), <CitedText item={a.budgetInfo.budgetConstraints} />],
          ]}
        />
      </Section>
      <Categorized
        title={t('result.sections.compliance')}
        items={a.complianceRequirements}
        empty={t('result.noneFound')}
      />
      <Categorized title={t('result.sections.risks')} items={a.riskFactors} empty={t('result.noneFound')} />
      <Section title={t('result.sections.recommendations')}>
        <CitedList items={a.recommendations} empty={t('result.noRecommendations')} />
      </Section>
      <AddendumChanges detail={detail} />
    </div>
  );
}
