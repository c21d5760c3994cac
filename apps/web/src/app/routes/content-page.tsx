import { useParams } from 'react-router';
import { type ContentPageName, isContentPage } from '../../content-pages.ts';
import { ContentArticle, type LinkKey } from '../../features/marketing/components/content-article.tsx';
import { paths } from '../../paths.ts';
import { Component as NotFound } from './not-found.tsx';
import '../../features/marketing/marketing.css';

const href: Record<LinkKey, string> = {
  search: paths.search.href(),
  tableView: paths.tableView.href(),
  calendar: paths.calendar.href(),
  bookmarks: paths.bookmarks.href(),
  alerts: paths.alerts.href(),
  rfpAnalysis: paths.rfpAnalysis.href(),
  contact: paths.contact.href(),
  faq: paths.faq.href(),
  help: paths.help.href(),
  guides: paths.guides.href(),
  privacy: paths.privacy.href(),
  terms: paths.terms.href(),
  cookies: paths.cookies.href(),
  about: paths.about.href(),
  pricing: paths.pricing.href(),
  settings: paths.settings.href(),
  signUp: paths.signUp.href(),
  apiDocs: paths.apiDocs.href(),
};

/** What each page points to: for the features that do not exist yet, what does. */
const RELATED: Record<ContentPageName, LinkKey[]> = {
  help: [
    'search',
    'tableView',
    'bookmarks',
    'alerts',
    'calendar',
    'rfpAnalysis',
    'settings',
    'guides',
    'faq',
    'contact',
  ],
  faq: ['help', 'pricing', 'about', 'contact'],
  privacy: ['cookies', 'terms', 'settings', 'contact'],
  terms: ['privacy', 'cookies', 'pricing', 'contact'],
  accessibility: ['help', 'contact'],
  cookies: ['privacy', 'terms'],
  guides: ['signUp', 'search', 'rfpAnalysis', 'help'],
  careers: ['about', 'contact'],
  news: ['about', 'signUp', 'pricing'],
  analytics: ['search', 'tableView', 'bookmarks'],
  pipeline: ['bookmarks', 'calendar', 'search'],
};

/** `/:page`: help, FAQ, legal and company pages, and honest pages for the features not built yet (/alerts is built: its own route). */
export function Component() {
  const { page } = useParams();
  if (!isContentPage(page)) return <NotFound />;
  return <ContentArticle key={page} page={page} links={RELATED[page].map((key) => [key, href[key]])} />;
}
