import type { ReactNode } from 'react';
import { SiteLink } from './router';
import { SITE_PAGES } from './site-pages';
import { useT } from './texts';

const MENTION = /«([^«»]+)»/g;

/**
 * A text that sends the reader to another page of the site, by its navigation name in guillemets
 * («Επικοινωνία»), links to it there.
 * Only a page's own name in guillemets links, so an edited text cannot make other links.
 */
export function WithPageLinks({ text }: { text: string }) {
  const t = useT();
  const hrefOf = new Map(SITE_PAGES.map((page) => [t(page.key), page.href]));
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
