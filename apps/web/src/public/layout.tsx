import { UserRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SiteConfig } from '@community/shared';
import { ThemeSwitch } from '../components/ui/theme-switch';
import { readAuthToken, SIGN_IN_ENDED } from '../lib/auth-token';
import { signInHref, SiteLink, usePath } from './router';
import { NAV_PAGES } from './site-pages';
import { useT } from './texts';

/** The entry's own page, or a page below it (one event under Events). */
function isCurrent(path: string, href: string): 'page' | 'location' | undefined {
  if (path === href) return 'page';
  return path.startsWith(`${href}/`) ? 'location' : undefined;
}

/** The guest layout: the site's navigation, the page, the footer, over the meteors of the page's HTML. */
export function GuestLayout({ site, children }: { site: SiteConfig['site'] | undefined; children: ReactNode }) {
  const t = useT();
  const path = usePath();
  const name = site?.name ?? t('public.siteName');
  // A member signed in to the admin app (same origin, same storage) is offered it, not a sign-in.
  const [isSignedIn, setSignedIn] = useState(() => readAuthToken() !== undefined);
  // A sign-in the server refused on this page (an RSVP) offers a sign-in again.
  useEffect(() => {
    const ended = () => setSignedIn(false);
    window.addEventListener(SIGN_IN_ENDED, ended);
    return () => window.removeEventListener(SIGN_IN_ENDED, ended);
  }, []);
  return (
    <div className="relative flex min-h-screen flex-col text-slate-900">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:z-20 focus:bg-white focus:p-2">
        {t('public.skipToContent')}
      </a>
      <header className="relative z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
          <SiteLink href="/about" className="flex items-center gap-2 font-semibold">
            <img src={site?.logoUrl ?? '/favicon.svg'} alt="" width={32} height={32} />
            <span>{name}</span>
          </SiteLink>
          {/* On a phone the navigation takes a line of its own below; the name, the theme and the
              sign-in share the first. */}
          <nav
            aria-label={t('public.nav.label')}
            className="flex flex-wrap items-center gap-1 text-sm max-sm:order-last max-sm:w-full sm:ml-auto"
          >
            {NAV_PAGES.map((item) => {
              const current = isCurrent(path, item.href);
              return (
                <SiteLink
                  key={item.href}
                  href={item.href}
                  aria-current={current}
                  className={`rounded-md px-3 py-2 ${current ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {t(item.key)}
                </SiteLink>
              );
            })}
          </nav>
          <div className="flex items-center gap-2 max-sm:ml-auto">
            <ThemeSwitch
              label={t('public.theme.label')}
              names={{
                light: t('public.theme.light'),
                dark: t('public.theme.dark'),
                system: t('public.theme.system'),
              }}
            />
            {isSignedIn ? (
              <a
                href="/admin"
                title={t('public.nav.account')}
                className="flex items-center gap-1.5 rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                {/* A phone has room for the icon only; the name stays for screen readers. */}
                <UserRound className="size-4" aria-hidden />
                <span className="max-sm:sr-only">{t('public.nav.account')}</span>
              </a>
            ) : (
              <a
                href={signInHref(path)}
                className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                {t('public.nav.signIn')}
              </a>
            )}
          </div>
        </div>
      </header>
      <main id="content" className="relative z-10 mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="relative z-10 border-t border-slate-200 bg-white/90 text-sm text-slate-700">
        <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={t('public.footer.label')} className="flex flex-wrap gap-4">
            <SiteLink href="/participate" className="underline">
              {t('public.nav.participate')}
            </SiteLink>
            <SiteLink href="/privacy" className="underline">
              {t('public.nav.privacy')}
            </SiteLink>
            {site && (
              <a href={site.visionUrl} className="underline">
                {t('public.footer.vision')}
              </a>
            )}
          </nav>
          <p>
            {t('public.footer.version', { version: __APP_VERSION__ })} ·{' '}
            {t('public.footer.credit', { credit: site?.credit ?? '' })}
          </p>
        </div>
      </footer>
    </div>
  );
}
