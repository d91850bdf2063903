import { Camera, Users, Video } from 'lucide-react';
import type { SiteConfig } from '@community/shared';
import { buttonClass } from '../../components/ui/button';
import { useT } from '../texts';
import { OfficialFeed } from './official-feed';
import { numbered } from './prose';

/** The calendar is shown in agenda mode, 600 px high. */
const CALENDAR_HEIGHT = 600;

const calendarUrl = (calendarId: string) =>
  `https://calendar.google.com/calendar/embed?${new URLSearchParams({ src: calendarId, mode: 'AGENDA', ctz: 'Europe/Athens', hl: 'el' })}`;

export function AboutPage({ site }: { site: SiteConfig['site'] | undefined }) {
  const t = useT();
  const socials = site
    ? [
        { href: site.facebookUrl, label: 'Facebook', Icon: Users },
        { href: site.instagramUrl, label: 'Instagram', Icon: Camera },
        { href: site.youtubeUrl, label: 'YouTube', Icon: Video },
      ]
    : [];
  return (
    <div className="flex flex-col gap-8">
      <article className="rounded-xl bg-white/95 p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="mb-4 flex items-center gap-4">
          <img src={site?.logoUrl ?? '/favicon.svg'} alt={t('public.about.logoAlt')} width={64} height={64} />
          <h1 className="text-3xl font-bold text-slate-900">{t('public.about.title')}</h1>
        </div>
        <div className="flex flex-col gap-4 leading-relaxed text-slate-800">
          {numbered('public.about.p', 3).map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
        <ul aria-label={t('public.about.socialLabel')} className="mt-6 flex flex-wrap gap-3">
          {socials.map(({ href, label, Icon }) => (
            <li key={label}>
              <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
                <Icon className="size-4" aria-hidden />
                {label}
              </a>
            </li>
          ))}
        </ul>
      </article>
      <section aria-labelledby="calendar-title" className="flex flex-col gap-3">
        <h2 id="calendar-title" className="text-2xl font-semibold text-slate-900">
          {t('public.about.calendarTitle')}
        </h2>
        {site && (
          <iframe
            title={t('public.about.calendarTitle')}
            src={calendarUrl(site.calendarId)}
            height={CALENDAR_HEIGHT}
            loading="lazy"
            className="w-full rounded-lg border border-slate-200 bg-white"
            style={{ height: CALENDAR_HEIGHT }}
          />
        )}
      </section>
      <OfficialFeed />
    </div>
  );
}
