import { trimTrailingSlashes } from '@community/shared';
import { eventIdOf } from './events-data';
import { GuestLayout } from './layout';
import { AboutPage } from './pages/about';
import { ContactPage } from './pages/contact';
import { EventPage } from './pages/event';
import { EventsPage } from './pages/events';
import { HomePage } from './pages/home';
import { PrivacyPage } from './pages/privacy';
import { numbered, ProsePage } from './pages/prose';
import { useTitle } from '../lib/use-title';
import { usePath } from './router';
import { useSiteConfig } from './site-data';
import { useT } from './texts';

/** Every public path not listed shows About; `/events/<id>` is one event. */
function pageOf(path: string): { page: string; eventId?: string } {
  const clean = trimTrailingSlashes(path) || '/';
  const eventId = eventIdOf(clean);
  if (eventId !== undefined) return { page: '/events/:id', eventId };
  return {
    page: ['/', '/about', '/events', '/contact', '/participate', '/privacy'].includes(clean) ? clean : '/about',
  };
}

const TITLE_KEYS: Record<string, string> = {
  '/': 'public.home.title',
  '/about': 'public.about.title',
  '/events': 'public.events.title',
  '/contact': 'public.contact.title',
  '/participate': 'public.participate.title',
  '/privacy': 'public.privacy.title',
};

export function PublicApp() {
  const t = useT();
  const { page, eventId } = pageOf(usePath());
  const config = useSiteConfig();
  const site = config.state === 'ready' ? config.data.site : undefined;
  const siteName = site?.name ?? t('public.siteName');
  // An event's page names itself once it has read the event.
  useTitle(eventId === undefined ? t(TITLE_KEYS[page]!) : undefined, siteName);

  let content;
  if (page === '/') content = <HomePage siteName={siteName} />;
  else if (eventId !== undefined) content = <EventPage key={eventId} id={eventId} siteName={siteName} />;
  else if (page === '/events') content = <EventsPage />;
  else if (page === '/contact') content = <ContactPage />;
  else if (page === '/participate')
    content = <ProsePage titleKey="public.participate.title" paragraphKeys={numbered('public.participate.p', 4)} />;
  else if (page === '/privacy') content = <PrivacyPage />;
  else content = <AboutPage site={site} />;

  return <GuestLayout site={site}>{content}</GuestLayout>;
}
