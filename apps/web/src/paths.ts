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
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  updatePassword: { path: '/update-password', href: () => '/update-password' },
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  onboarding: { path: '/onboarding', href: () => '/onboarding' },
  /** The signed-in start page. */
  appHome: { path: '/home', href: () => '/home' },
  /** Linked by the spec (onboarding skip); redirects to /home. */
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  profile: { path: '/profile', href: () => '/profile' },
  settings: { path: '/settings', href: () => '/settings' },
  plans: { path: '/plans', href: () => '/plans' },
  about: { path: '/about', href: () => '/about' },
  pricing: { path: '/pricing', href: () => '/pricing' },
  contact: { path: '/contact', href: () => '/contact' },
  help: { path: '/help', href: () => '/help' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
} as const;
