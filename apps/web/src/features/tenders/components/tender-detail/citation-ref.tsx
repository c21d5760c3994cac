import type { Citation } from '@app/shared/ai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A superscript source marker: a button that reveals the quoted source text on hover
 * (a preview) or on click/tap, which pins it open until the next click; aria-expanded tells
 * assistive tech whether the quote shows.
 */
export function CitationRef({ citation, number }: { citation: Citation; number: number }) {
  const quoteId = useId();
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const open = pinned || hovered;
  const { t } = useTranslation('tender');
  const source = t(`ai.fields.${citation.field}`, { defaultValue: citation.field });
  return (
    <span className="citation" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <sup>
        <button
          type="button"
          className="citation__marker"
          aria-expanded={open}
          aria-controls={quoteId}
          aria-label={t('ai.source', { number, field: source })}
          onClick={() => {
            // A click pins or unpins; the hover preview waits for the pointer to come back.
            setPinned(!pinned);
            setHovered(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setPinned(false);
              setHovered(false);
            }
          }}
        >
          {number}
        </button>
      </sup>
      <span id={quoteId} className="citation__quote" role="note" hidden={!open}>
        <span className="citation__source">{source}:</span> <q>{citation.quote}</q>
      </span>
    </span>
  );
}

/** The markers for every citation of one statement, numbered from `first`. */
export function CitationRefs({ citations, first }: { citations: Citation[]; first: number }) {
  if (citations.length === 0) return null;
  return (
    <span className="citation-refs">
      {citations.map((c, i) => (
        <CitationRef key={`${c.field}-${c.start}-${c.end}-${i}`} citation={c} number={first + i} />
      ))}
    </span>
  );
}
