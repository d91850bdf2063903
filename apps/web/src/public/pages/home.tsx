import { UserRound } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { SiteLink } from '../router';
import { useCategoryPaths } from '../site-data';
import { useT } from '../texts';
import { NextEvent } from './next-event';

/** Admin-app path of the profile screen, as the server's category list names it. */
const PROFILE_PATH = '/account/profile';

export function HomePage({ siteName }: { siteName: string }) {
  const t = useT();
  const paths = useCategoryPaths();
  const hasProfile = paths.state === 'ready' && paths.data.includes(PROFILE_PATH);
  return (
    <section className="flex flex-col items-center gap-8 py-10 text-center">
      <h1 className="title-rise text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{siteName}</h1>
      <p className="max-w-2xl text-lg text-slate-700">{t('public.home.tagline')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <SiteLink href="/about" className={buttonClass('primary', 'lg')}>
          {t('public.home.learnMore')}
        </SiteLink>
        <SiteLink href="/participate" className={buttonClass('secondary', 'lg')}>
          {t('public.nav.participate')}
        </SiteLink>
      </div>
      {hasProfile && (
        <a
          href={`/admin${PROFILE_PATH}`}
          className="flex w-full max-w-xs items-center gap-3 rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
        >
          <UserRound className="size-8 text-brand-700" aria-hidden />
          <span>
            <span className="block font-semibold">{t('public.home.profileTile')}</span>
            <span className="block text-sm text-slate-600">{t('public.home.profileHint')}</span>
          </span>
        </a>
      )}
      <NextEvent />
    </section>
  );
}
