/**
 * What a link preview or a crawler reads of a page: they run no script, so the server writes it
 * into the entry page's head.
 */
export type PageHead = {
  title: string;
  description?: string;
  /** The page's own address, absolute. */
  url: string;
  type: 'website' | 'article';
  /** Absolute. */
  image?: string;
  /** schema.org data, sent as `application/ld+json` (data, not script: the CSP allows it). */
  jsonLd?: Record<string, unknown>;
  /** The API reads the page starts with, fetched with the page's scripts rather than after them. */
  preload?: string[];
};

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c]!);

/** JSON inside a script element: nothing in it may close the element or start a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The entry page with this page's title, description, OpenGraph tags and structured data. */
export function withPageHead(entry: string, head: PageHead): string {
  const description = head.description?.trim();
  const tags = [
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:url', head.url),
    ...(description ? [meta('property', 'og:description', description)] : []),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
    // Matched by the app's fetch of the same address (same mode and credentials: anonymous, same origin).
    ...(head.preload ?? []).map(
      (href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous" />`,
    ),
  ];
  let html = entry.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (description) {
    html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, meta('name', 'description', description));
  }
  return html.replace('</head>', `${tags.join('')}</head>`);
}
