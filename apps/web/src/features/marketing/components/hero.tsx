import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';

interface Props {
  /** The query the search box starts with (the `q` of the address). */
  initialQuery: string;
  /** Called with a trimmed, non-blank query; blank input does nothing (spec §5). */
  onSearch: (q: string) => void;
  searching: boolean;
  /** What the search found, shown under the box. */
  children?: ReactNode;
}

/**
 * Headline, subtext, 'Start free trial', 'Watch demo' and the search box (spec §2). The search is
 * real: the caller runs it. 'Watch demo' is not a video: it runs the placeholder's example search
 * on today's open tenders, so the visitor watches Breeze work on real data.
 */
export function Hero({ initialQuery, onSearch, searching, children }: Props) {
  const { t } = useTranslation('landing');
  const [value, setValue] = useState(initialQuery);
  const hintId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = value.trim();
    if (q) onSearch(q);
  };

  const watchDemo = () => {
    const example = t('hero.example');
    setValue(example);
    onSearch(example);
  };

  return (
    <section className="hero landing-section" aria-labelledby="hero-title" data-section="hero">
      <h1 id="hero-title" className="hero__title">
        {t('hero.title')}
      </h1>
      <p className="hero__lead">{t('hero.lead')}</p>
      <div className="hero__actions">
        <Link className="button" to={paths.signUp.href()}>
          {t('hero.startTrial')}
        </Link>
        <button
          type="button"
          className="button button--secondary hero__demo"
          aria-describedby={hintId}
          onClick={watchDemo}
        >
          <span aria-hidden="true">▶</span> {t('hero.watchDemo')}
        </button>
      </div>
      <p className="hero__note">{t('hero.trialNote')}</p>
      <form className="search-form hero__search" role="search" onSubmit={submit} aria-busy={searching}>
        <label className="search-form__label" htmlFor="hero-search-q">
          {t('hero.searchLabel')}
        </label>
        <div className="search-form__row">
          <input
            id="hero-search-q"
            className="search-form__input"
            name="q"
            type="search"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={t('hero.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={500}
          />
          <button className="button" type="submit" disabled={searching}>
            {searching ? t('hero.searching') : t('hero.search')}
          </button>
        </div>
        <p id={hintId} className="hero__hint">
          {t('hero.watchDemoHint')}
        </p>
      </form>
      {children}
    </section>
  );
}
