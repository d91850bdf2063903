import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** A handful of paths does not need a router library: the History API and one event suffice. */
const NAVIGATE = 'public-navigate';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE, onChange);
  };
};

export function usePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function navigate(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE));
  window.scrollTo(0, 0);
}

/**
 * Sign-in that comes back to the page it was asked from (an event to answer, Privacy to act on);
 * from the home page it leads on to the back-office as before.
 */
export const signInHref = (path: string) =>
  path === '/' ? '/admin/login' : `/admin/login?${new URLSearchParams({ next: path })}`;

/** Paths of this site move inside the page; the admin app and other sites load normally. */
const isSitePath = (href: string) => href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/admin');

export function SiteLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const isPlainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !isPlainClick || !isSitePath(href)) return;
    event.preventDefault();
    if (href !== window.location.pathname) navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
