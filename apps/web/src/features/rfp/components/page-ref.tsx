import { NOT_FOUND } from '@app/shared/rfp-constants';
import { createContext, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Pages of the shown analysis whose text was read by OCR (their references say so). */
export const OcrPagesContext = createContext<ReadonlySet<number>>(new Set());

/**
 * A page reference as a chip: pressing it reveals, just below, the text quoted from that page
 * ("p. 12 — “…”"). A disclosure button, so it works with the keyboard and screen readers. A page
 * read by OCR is marked "(OCR)", and its quote says to check it against the page.
 */
export function PageRef({ page, quote }: { page: number; quote: string }) {
  const { t } = useTranslation('rfp');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ocr = useContext(OcrPagesContext).has(page);
  return (
    <span className="page-ref">
      <button
        type="button"
        className="page-ref__chip"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('pageRef.chip', { page })}
        {ocr && t('pageRef.ocr')}
        <span className="visually-hidden">{open ? t('pageRef.hide') : t('pageRef.show')}</span>
      </button>
      <span id={panelId} className="page-ref__quote" hidden={!open}>
        {t('pageRef.quote', { page, quote })}
        {ocr && <span className="page-ref__ocr"> ({t('pageRef.ocrNote')})</span>}
      </span>
    </span>
  );
}

interface CitedLike {
  text: string;
  page: number | null;
  quote: string | null;
}

/** A value from the document with its page chip (no chip when the document does not give it). */
export function CitedText({ item }: { item: CitedLike }) {
  const { t } = useTranslation('rfp');
  return (
    <>
      <span className="cited__text">{item.text === NOT_FOUND ? t('result.notFound') : item.text}</span>
      {item.page !== null && item.quote !== null && (
        <>
          {' '}
          <PageRef page={item.page} quote={item.quote} />
        </>
      )}
    </>
  );
}
