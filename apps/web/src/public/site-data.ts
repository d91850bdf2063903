import { useEffect, useState } from 'react';
import { apiRoutes, type ContactBody, type FeedPost, type SiteConfig } from '@community/shared';
import { storageKeys } from '../lib/storage-keys';

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

function useLoad<T>(load: () => Promise<T>): Loadable<T> {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => isCurrent && setValue({ state: 'ready', data }),
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

const siteConfig = () => getJson<SiteConfig>(apiRoutes.siteConfig);
let siteConfigRequest: Promise<SiteConfig> | undefined;

/** Read once per page load and shared by every component. */
export const useSiteConfig = () => useLoad(() => (siteConfigRequest ??= siteConfig()));

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
