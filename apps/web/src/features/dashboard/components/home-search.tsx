import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../paths.ts';

const EXAMPLES = ['it', 'construction', 'consulting', 'software'] as const;

/** The home search box (spec §2): Search or Enter opens /search?q=; an example fills the box. */
export function HomeSearch() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    // Spec §5: a blank query does nothing.
    if (!q) return;
    void navigate(paths.search.href(q));
  }

  function fillExample(text: string) {
    setQuery(text);
    inputRef.current?.focus();
  }

  return (
    <form className="dash-search" role="search" onSubmit={onSubmit}>
      <label className="search-form__label" htmlFor={id}>
        {t('search.label')}
      </label>
      <div className="search-form__row">
        <input
          ref={inputRef}
          id={id}
          className="search-form__input"
          type="search"
          name="q"
          value={query}
          placeholder={t('search.placeholder')}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {t('search.button')}
        </button>
      </div>
      <div className="dash-examples">
        <span className="dash-examples__label" id={`${id}-examples`}>
          {t('search.examplesLabel')}
        </span>
        <ul aria-labelledby={`${id}-examples`}>
          {EXAMPLES.map((key) => (
            <li key={key}>
              <button type="button" className="dash-example" onClick={() => fillExample(t(`search.examples.${key}`))}>
                {t(`search.examples.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
