import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The query currently shown; the field resets to it when it changes (back button). */
  query: string;
  onSearch: (q: string) => void;
  /** Distinct ids when two forms share a page. */
  id?: string;
}

/** A search box with its Search button; a blank or whitespace-only query does nothing (spec §5). */
export function TenderSearchForm({ query, onSearch, id = 'tender-search-q' }: Props) {
  const { t } = useTranslation('search');
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const q = typeof value === 'string' ? value.trim() : '';
    if (q) onSearch(q);
  };

  return (
    <form className="search-form" role="search" onSubmit={handleSubmit}>
      <label className="search-form__label visually-hidden" htmlFor={id}>
        {t('searchLabel')}
      </label>
      <div className="search-form__row">
        <input
          key={query}
          id={id}
          className="search-form__input"
          name="q"
          type="search"
          defaultValue={query}
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={500}
        />
        <button className="button" type="submit">
          {t('searchButton')}
        </button>
      </div>
    </form>
  );
}
