import { useEffect, useState } from 'react';
import { apiRoutes, type ContactBody, type FeedPost, type SiteConfig } from '@community/shared';
import { storageKeys } from '../lib/storage-keys';
import { arrivedEarly, startEarly, takeEarly } from './early-reads';

type Loadable<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** One GET, with the stored sign-in when there is one (the guest list otherwise). */
async function getJson<T>(path: string, withToken = false): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (withToken) {
    try {
      const token = (JSON.parse(localStorage.getItem(storageKeys.userInfo) ?? 'null') as { token?: string } | null)
        ?.token;
      if (token) headers.authorization = `Bearer ${token}`;
    } catch {
      // A damaged stored sign-in is the same as none.
    }
  }
  const response = await fetch(path, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

function useLoad<T>(load: () => Promise<T>, arrived?: T): Loadable<T> {
  const [value, setValue] = useState<Loadable<T>>(arrived ? { state: 'ready', data: arrived } : { state: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) =>
        isCurrent &&
        // The answer the first render already showed needs no second render.
        setValue((current) =>
          current.state === 'ready' && current.data === data ? current : { state: 'ready', data },
        ),
      () => isCurrent && setValue({ state: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
    // `load` is a fixed call per hook below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

let siteConfigRequest: Promise<SiteConfig> | undefined;
const siteConfig = () =>
  (siteConfigRequest ??= takeEarly<SiteConfig>(apiRoutes.siteConfig) ?? getJson<SiteConfig>(apiRoutes.siteConfig));

/** Every page shows the site's name: its read starts with the page (and its preload). */
export const startSiteConfig = () => startEarly(apiRoutes.siteConfig, () => getJson<SiteConfig>(apiRoutes.siteConfig));

/** Read once per page load and shared by every component. */
export const useSiteConfig = () => useLoad(siteConfig, arrivedEarly<SiteConfig>(apiRoutes.siteConfig));

export const useFeed = () => useLoad(() => getJson<FeedPost[]>(apiRoutes.telegramData));

export const useCategoryPaths = () =>
  useLoad(async () => {
    const { categories } = await getJson<{ categories: { path: string }[] }>(apiRoutes.userCategories, true);
    return categories.map((category) => category.path);
  });

export async function sendContactMessage(body: ContactBody) {
  const response = await fetch(apiRoutes.contact, {
    method: 'POST',
    // The public site is Greek, and so are the server's answers to it.
    headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'el' },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw Object.assign(new Error(data.error ?? ''), { status: response.status });
}
