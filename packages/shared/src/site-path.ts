/** Stands in for the site's own origin when there is none to ask (the server, a schema). */
const PLACEHOLDER_ORIGIN = 'http://site.invalid';

/** Tabs and line breaks are dropped by URL parsers, so `/\t/host` would become `//host`. */
const hasControlCharacter = (value: string) => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/**
 * A path of this site, as `pathname + search + hash`, or null. The value is resolved the way a
 * browser would resolve a link (`new URL` against the origin) and must stay on that origin, as
 * must the path it resolves to, so `//host`, `/\host`, `/.//host` and `https://host` are refused
 * however they are spelled.
 */
export function toSitePath(value: string, origin: string = PLACEHOLDER_ORIGIN): string | null {
  if (!value.startsWith('/') || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  // Dot segments can leave a path that starts with `//` once resolved (`/.//host`): followed again,
  // it would name another host.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export const isSitePath = (value: string): boolean => toSitePath(value) !== null;

/** `value` without the slashes it ends with (a loop: a pattern for this would be quadratic). */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === '/') end--;
  return value.slice(0, end);
}
