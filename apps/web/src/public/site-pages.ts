/** The pages of the header's navigation, each named by its translation key. */
export const NAV_PAGES = [
  { href: '/about', key: 'public.nav.about' },
  { href: '/events', key: 'public.nav.events' },
  { href: '/contact', key: 'public.nav.contact' },
];

/** Every page of the site a text may name: the navigation's and the footer's. */
export const SITE_PAGES = [
  ...NAV_PAGES,
  { href: '/participate', key: 'public.nav.participate' },
  { href: '/privacy', key: 'public.nav.privacy' },
];
