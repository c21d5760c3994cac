/** Every route of the app; components take hrefs from here, never from string literals. */
export const paths = {
  home: {
    path: '/',
    href: (q?: string) => (q ? `/?${new URLSearchParams({ q }).toString()}` : '/'),
  },
  tenderNotice: {
    path: '/tender-notice/:id',
    href: (id: string) => `/tender-notice/${encodeURIComponent(id)}`,
  },
  signIn: {
    path: '/sign-in',
    href: (opts?: { confirmEmail?: boolean }) => (opts?.confirmEmail ? '/sign-in?confirm-email=true' : '/sign-in'),
  },
  signUp: {
    path: '/sign-up',
    /** The pricing page's plan choice: `/sign-up?plan=&billing=` (spec §2). */
    href: (choice?: { plan: string; billing: string }) =>
      choice ? `/sign-up?${new URLSearchParams(choice).toString()}` : '/sign-up',
  },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  updatePassword: { path: '/update-password', href: () => '/update-password' },
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  onboarding: { path: '/onboarding', href: () => '/onboarding' },
  /** The signed-in start page; `view` = search (default) | table | rfp (spec §2). */
  appHome: {
    path: '/home',
    href: (view?: 'search' | 'table' | 'rfp') => (view ? `/home?view=${view}` : '/home'),
  },
  /** Search results for a query (spec §2). */
  search: {
    path: '/search',
    href: (q?: string) => (q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'),
  },
  tableView: { path: '/table-view', href: () => '/table-view' },
  calendar: { path: '/calendar', href: () => '/calendar' },
  /** Linked by the spec; redirects to the table view. */
  tenders: { path: '/tenders', href: () => '/tenders' },
  /** Linked by the spec; the bookmarks view. */
  bookmarks: { path: '/bookmarks', href: () => '/bookmarks' },
  analytics: { path: '/analytics', href: () => '/analytics' },
  /** The caller's alerts (saved searches mailed as digests; ADR 0012). */
  alerts: { path: '/alerts', href: () => '/alerts' },
  /** Create an alert, optionally prefilled with a search (the /search page's query and filters). */
  alertNew: {
    path: '/alerts/new',
    href: (prefill?: { q?: string; regions?: string[]; method?: string; after?: string }) => {
      const params = new URLSearchParams();
      if (prefill?.q) params.set('q', prefill.q);
      for (const r of prefill?.regions ?? []) params.append('region', r);
      if (prefill?.method) params.set('method', prefill.method);
      if (prefill?.after) params.set('after', prefill.after);
      const query = params.toString();
      return query ? `/alerts/new?${query}` : '/alerts/new';
    },
  },
  /** One alert: edit it and preview what it matches (the digest mails link here). */
  alert: { path: '/alerts/:id', href: (id: string) => `/alerts/${encodeURIComponent(id)}` },
  pipeline: { path: '/pipeline', href: () => '/pipeline' },
  /** Linked by the spec (onboarding skip); redirects to /home. */
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  profile: { path: '/profile', href: () => '/profile' },
  settings: { path: '/settings', href: () => '/settings' },
  rfpAnalysis: { path: '/rfp-analysis', href: () => '/rfp-analysis' },
  plans: { path: '/plans', href: () => '/plans' },
  /** The account's people and invitations (ADR 0013). */
  team: { path: '/team', href: () => '/team' },
  /** The invitation mail's link: `/team/join#token=…`. */
  teamJoin: { path: '/team/join', href: () => '/team/join' },
  about: { path: '/about', href: () => '/about' },
  pricing: { path: '/pricing', href: () => '/pricing' },
  subscriptionSuccess: { path: '/subscription/success', href: () => '/subscription/success' },
  subscriptionCancel: { path: '/subscription/cancel', href: () => '/subscription/cancel' },
  contact: {
    path: '/contact',
    /** `inquiry=demo` is the landing page's 'Book a demo'. */
    href: (inquiry?: string) => (inquiry ? `/contact?${new URLSearchParams({ inquiry }).toString()}` : '/contact'),
  },
  help: { path: '/help', href: () => '/help' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  faq: { path: '/faq', href: () => '/faq' },
  accessibility: { path: '/accessibility', href: () => '/accessibility' },
  cookies: { path: '/cookies', href: () => '/cookies' },
  guides: { path: '/guides', href: () => '/guides' },
  careers: { path: '/careers', href: () => '/careers' },
  news: { path: '/news', href: () => '/news' },
  apiDocs: { path: '/api-docs', href: () => '/api-docs' },
} as const;
