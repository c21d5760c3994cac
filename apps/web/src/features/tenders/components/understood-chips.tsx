import type { UnderstoodPart } from '@app/shared/tender';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useTenderLabels } from '../use-tender-labels.ts';

/** A parsed part in the UI's language (the server's own label is English). */
function usePartLabel() {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation();
  const labels = useTenderLabels();
  return (part: UnderstoodPart): string => {
    const value = String(part.value);
    switch (part.kind) {
      case 'region':
        return labels.province(value);
      case 'category':
        return labels.categories(value).join(', ');
      case 'method':
        return value in methodKeys ? tc(`domain.procurementMethods.${value as MethodKey}`) : part.label;
      case 'notice_type':
        return value in noticeTypeKeys ? tc(`domain.noticeTypes.${value as NoticeTypeKey}`) : part.label;
      case 'value_max':
        return typeof part.value === 'number'
          ? t('understood.valueMax', { amount: formatMoney(part.value) })
          : part.label;
      case 'value_min':
        return typeof part.value === 'number'
          ? t('understood.valueMin', { amount: formatMoney(part.value) })
          : part.label;
      case 'closing_before':
        return t('understood.closingBefore', { date: formatDate(value) });
      case 'closing_after':
        return t('understood.closingAfter', { date: formatDate(value) });
    }
  };
}

// Every value the parser writes (query-parser.ts METHODS), each with a text in both catalogues.
const methodKeys = {
  'Request for Proposal': true,
  'Request for Quotation': true,
  'Invitation to Qualify': true,
  'Standing Offer': true,
  'Supply Arrangement': true,
} as const;
type MethodKey = keyof typeof methodKeys;
const noticeTypeKeys = { 'Advance Contract Award Notice': true, 'Request for Information': true } as const;
type NoticeTypeKey = keyof typeof noticeTypeKeys;

/**
 * What the natural-language parser took from the query ("Ontario" · "under $50,000"), each with
 * a button that searches again without it when `onRemove` is given.
 */
export function UnderstoodChips({
  parts,
  onRemove,
}: {
  parts: UnderstoodPart[];
  onRemove?: (part: UnderstoodPart) => void;
}) {
  const { t } = useTranslation('search');
  const label = usePartLabel();
  if (parts.length === 0) return null;
  return (
    <div className="understood">
      <span className="understood__label" id="understood-label">
        {t('understood.label')}
      </span>
      <ul className="understood__chips" aria-labelledby="understood-label">
        {parts.map((part) => {
          const text = label(part);
          return (
            <li key={`${part.kind}:${part.text}`} className="chip understood__chip" data-kind={part.kind}>
              <span className="understood__text">{text}</span>
              {onRemove && (
                <button
                  type="button"
                  className="understood__remove"
                  aria-label={t('understood.remove', { label: text })}
                  onClick={() => onRemove(part)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
