import type { UnderstoodPart } from '@app/shared/tender';

/** What the natural-language parser took from the query, e.g. "Ontario" · "under $50,000". */
export function UnderstoodChips({ parts }: { parts: UnderstoodPart[] }) {
  if (parts.length === 0) return null;
  return (
    <div className="understood">
      <span className="understood__label" id="understood-label">
        Understood:
      </span>
      <ul className="understood__chips" aria-labelledby="understood-label">
        {parts.map((part) => (
          <li key={`${part.kind}:${part.text}`} className="chip" title={`From “${part.text}”`}>
            {part.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
