import type { FormEvent } from 'react';

interface Props {
  /** The query currently shown; the field resets to it when it changes (back button). */
  query: string;
  onSearch: (q: string) => void;
}

export function TenderSearchForm({ query, onSearch }: Props) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const q = typeof value === 'string' ? value.trim() : '';
    if (q) onSearch(q);
  };

  return (
    <form className="search-form" role="search" onSubmit={handleSubmit}>
      <label className="search-form__label" htmlFor="tender-search-q">
        Search tenders
      </label>
      <div className="search-form__row">
        <input
          key={query}
          id="tender-search-q"
          className="search-form__input"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Try: 'IT services under $50K in Ontario'"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={500}
        />
        <button className="button" type="submit">
          Search
        </button>
      </div>
    </form>
  );
}
