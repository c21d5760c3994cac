/**
 * The content pages served by the `/:page` route (src/locales/{lng}/content.json → pages): help,
 * FAQ, legal and company pages, and the honest pages for features not built yet.
 */
export const CONTENT_PAGES = [
  'help',
  'faq',
  'privacy',
  'terms',
  'accessibility',
  'cookies',
  'guides',
  'careers',
  'news',
  'analytics',
  'pipeline',
] as const;
export type ContentPageName = (typeof CONTENT_PAGES)[number];

export const isContentPage = (value: unknown): value is ContentPageName =>
  typeof value === 'string' && (CONTENT_PAGES as readonly string[]).includes(value);
