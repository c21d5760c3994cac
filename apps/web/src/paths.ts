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
} as const;
