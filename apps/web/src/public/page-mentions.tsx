import type { ReactNode } from 'react';
import { SiteLink } from './router';
import { useT } from './texts';

/** The site's pages, as a text names them: by their navigation name in guillemets. */
const PAGES = [
  { href: '/about', key: 'public.nav.about' },
  { href: '/events', key: 'public.nav.events' },
  { href: '/contact', key: 'public.nav.contact' },
  { href: '/participate', key: 'public.nav.participate' },
  { href: '/privacy', key: 'public.nav.privacy' },
];

const MENTION = /«([^«»]+)»/g;

/**
 * A text that sends the reader to another page of the site («Επικοινωνία») links to it there.
 * Only a page's own name in guillemets links, so an edited text cannot make other links.
 */
export function WithPageLinks({ text }: { text: string }) {
  const t = useT();
  const hrefOf = new Map(PAGES.map((page) => [t(page.key), page.href]));
  const parts: ReactNode[] = [];
  let shown = 0;
  for (const match of text.matchAll(MENTION)) {
    const href = hrefOf.get(match[1]!);
    if (!href) continue;
    parts.push(
      text.slice(shown, match.index),
      '«',
      <SiteLink key={match.index} href={href} className="text-brand-700 underline">
        {match[1]}
      </SiteLink>,
      '»',
    );
    shown = match.index + match[0].length;
  }
  parts.push(text.slice(shown));
  return <>{parts}</>;
}
