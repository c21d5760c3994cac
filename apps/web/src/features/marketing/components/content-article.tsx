import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentPageName } from '../../../content-pages.ts';

export type LinkKey =
  | 'search'
  | 'tableView'
  | 'calendar'
  | 'bookmarks'
  | 'alerts'
  | 'rfpAnalysis'
  | 'contact'
  | 'faq'
  | 'help'
  | 'guides'
  | 'privacy'
  | 'terms'
  | 'cookies'
  | 'about'
  | 'pricing'
  | 'settings'
  | 'signUp'
  | 'apiDocs';

interface Section {
  heading: string;
  text: string;
}

/** A content page: title, introduction, its sections in catalogue order, then related links. */
export function ContentArticle({ page, links }: { page: ContentPageName; links: Array<[LinkKey, string]> }) {
  const { t } = useTranslation('content');
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as unknown as Record<string, Section>;
  const title = t(`pages.${page}.title`);
  return (
    <article className="prose" aria-labelledby="content-title" data-page={page}>
      <title>{`${title} · Breeze`}</title>
      <h1 id="content-title">{title}</h1>
      <p className="prose__intro">{t(`pages.${page}.intro`)}</p>
      {Object.entries(sections).map(([key, section]) => (
        <section key={key} aria-labelledby={`content-${key}`}>
          <h2 id={`content-${key}`}>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      {links.length > 0 && (
        <nav aria-labelledby="content-related">
          <h2 id="content-related">{t('related')}</h2>
          <ul className="link-list">
            {links.map(([key, href]) => (
              <li key={key}>
                <Link to={href}>{t(`links.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
