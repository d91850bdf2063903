import { apiRoutes, eventPaths, formatEventWhen, idSchema, type PublicEvent } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { clip } from '../../lib/clip.js';
import type { PageHead } from '../../plugins/page-head.js';
import type { PageWithHead } from '../../plugins/web-app.js';
import { readPublishedTexts, type RenderedTexts } from '../translations/published-texts.js';
import { readPublicEvent } from './public-events.queries.js';

/** The public site is Greek, whatever the reader's browser asks for. */
const SITE_LANGUAGE = 'el';
/** A preview shows a line or two; a crawler needs no more to know what the page is. */
const DESCRIPTION_MAX = 300;

/** The event as schema.org describes one, for search engines and link previews. */
function structuredData(event: PublicEvent, url: string, image: string | undefined, organizer: object) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: event.allDay ? event.startsLocal : event.startsAt,
    endDate: event.allDay ? event.endsLocal : event.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(event.place ? { location: { '@type': 'Place', name: event.place, address: event.place } } : {}),
    ...(event.description ? { description: clip(event.description, 5000) } : {}),
    ...(image ? { image: [image] } : {}),
    url,
    organizer,
  };
}

/** The heads of the public events pages, written by the server for previews and crawlers. */
export function eventPages({ db, config, loadCatalogue }: AppDeps): PageWithHead[] {
  const { publicUrl, siteTimeZone } = config;
  const siteName = config.site.name;
  const organizer = { '@type': 'Organization', name: siteName, url: publicUrl };

  // Heads are made once per published texts and once per kept event, so the page is written once.
  const listHeads = new WeakMap<RenderedTexts, PageHead>();
  const eventHeads = new WeakMap<object, PageHead>();

  function listHead(texts: Record<string, string | undefined>): PageHead {
    const title = texts['public.events.title'];
    return {
      title: title ? `${title} · ${siteName}` : siteName,
      description: texts['public.events.intro'],
      url: `${publicUrl}/events`,
      type: 'website',
      preload: [apiRoutes.publicEvents],
    };
  }
  const untranslatedListHead = listHead({});

  function eventHead(event: PublicEvent): PageHead {
    const url = `${publicUrl}/events/${event._id}`;
    const image = event.imageUrl ? new URL(event.imageUrl, `${publicUrl}/`).toString() : undefined;
    const when = formatEventWhen(event, SITE_LANGUAGE);
    const summary = [when, event.place, event.description].filter(Boolean).join(' · ');
    return {
      title: `${event.title} · ${siteName}`,
      description: clip(summary.replace(/\s+/g, ' '), DESCRIPTION_MAX),
      url,
      type: 'article',
      image,
      jsonLd: structuredData(event, url, image, organizer),
      // The address the page reads the event from (events-data.ts).
      preload: [eventPaths.publicOne(encodeURIComponent(event._id))],
    };
  }

  return [
    {
      path: '/events',
      head: async (): Promise<PageHead> => {
        const rendered = await readPublishedTexts(db, loadCatalogue, SITE_LANGUAGE);
        if (!rendered) return untranslatedListHead;
        let head = listHeads.get(rendered);
        if (!head) listHeads.set(rendered, (head = listHead(JSON.parse(rendered.body) as Record<string, string>)));
        return head;
      },
    },
    {
      path: '/events/:id',
      head: async (request): Promise<PageHead | null> => {
        const id = idSchema.safeParse((request.params as { id: string }).id);
        const kept = id.success ? await readPublicEvent(db, id.data, siteTimeZone) : null;
        if (!kept) return null;
        let head = eventHeads.get(kept);
        if (!head) eventHeads.set(kept, (head = eventHead(kept.event)));
        return head;
      },
    },
  ];
}
