import { useCallback, useEffect, useState } from 'react';
import { apiRoutes, eventPaths, type ListResponse, type PublicEvent, type RsvpState } from '@community/shared';
import { forgetRefusedSignIn, readAuthToken } from '../lib/auth-token';
import { arrivedEarly, startEarly, takeEarly } from './early-reads';

/** A refused request: its status and the server's sentence, which the public site asks for in Greek. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function requestJson<T>(path: string, { method = 'GET', token }: { method?: string; token?: string } = {}) {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'el' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers });
  if (!response.ok) {
    if (response.status === 401 && token) forgetRefusedSignIn(token);
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    throw new HttpError(response.status, typeof body.error === 'string' ? body.error : '');
  }
  return (await response.json()) as T;
}

const getJson = <T>(path: string): Promise<T> => takeEarly<T>(path) ?? requestJson<T>(path);

/** The event a path names, `/events/<id>`: the id decoded, or as written when its escapes are broken. */
export function eventIdOf(path: string): string | undefined {
  const segment = /^\/events\/([^/]+)\/?$/.exec(path)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Any id stays one path segment. */
const publicEventPath = (id: string) => eventPaths.publicOne(encodeURIComponent(id));

/** Starts the API read the page at `path` will make, so it runs while the texts load. */
export function prefetchFor(path: string) {
  const id = eventIdOf(path);
  const wanted =
    id !== undefined
      ? publicEventPath(id)
      : ['/', '/events', '/events/'].includes(path)
        ? apiRoutes.publicEvents
        : null;
  if (wanted) startEarly(wanted, () => requestJson(wanted));
}

export type Loadable<T> = { state: 'loading' } | { state: 'failed'; status?: number } | { state: 'ready'; data: T };

/** One event, read again when the id changes. */
export function useEvent(id: string): Loadable<PublicEvent> {
  const [value, setValue] = useState<{ id: string; loaded: Loadable<PublicEvent> }>(() => {
    const data = arrivedEarly<PublicEvent>(publicEventPath(id));
    return { id, loaded: data ? { state: 'ready', data } : { state: 'loading' } };
  });
  useEffect(() => {
    let isCurrent = true;
    getJson<PublicEvent>(publicEventPath(id)).then(
      (data) =>
        isCurrent &&
        setValue((current) =>
          // The answer the first render already showed: nothing to render again.
          current.id === id && current.loaded.state === 'ready' && current.loaded.data === data
            ? current
            : { id, loaded: { state: 'ready', data } },
        ),
      (error: unknown) =>
        isCurrent &&
        setValue({ id, loaded: { state: 'failed', status: error instanceof HttpError ? error.status : undefined } }),
    );
    return () => {
      isCurrent = false;
    };
  }, [id]);
  return value.id === id ? value.loaded : { state: 'loading' };
}

type Paged = {
  state: 'loading' | 'ready' | 'failed';
  events: PublicEvent[];
  /** Whether a further page exists. */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The last further page did not arrive; the rows read so far stay. */
  hasMoreFailed: boolean;
  loadMore: () => void;
};

type Pages = {
  state: Paged['state'];
  events: PublicEvent[];
  page: number;
  pages: number;
  first?: ListResponse<PublicEvent>;
};

const listPath = (query: string, page: number) => {
  const params = new URLSearchParams(query);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${apiRoutes.publicEvents}?${search}` : apiRoutes.publicEvents;
};

const firstPage = (first: ListResponse<PublicEvent>): Pages => ({
  state: 'ready',
  events: first.data,
  page: first.page,
  pages: first.pages,
  first,
});

/**
 * A list read page by page, each page added below the last: `query` is the list's filter
 * (empty for upcoming events, `to=…` for past ones).
 */
export function usePagedEvents(query: string): Paged {
  const [pages, setPages] = useState<Pages>(() => {
    const first = arrivedEarly<ListResponse<PublicEvent>>(listPath(query, 1));
    return first ? firstPage(first) : { state: 'loading', events: [], page: 0, pages: 1 };
  });
  const [more, setMore] = useState({ isLoading: false, hasFailed: false });

  const load = useCallback((page: number) => getJson<ListResponse<PublicEvent>>(listPath(query, page)), [query]);

  useEffect(() => {
    let isCurrent = true;
    load(1).then(
      // The answer the first render already showed needs no second render.
      (list) => isCurrent && setPages((current) => (current.first === list ? current : firstPage(list))),
      () => isCurrent && setPages((current) => ({ ...current, state: 'failed' })),
    );
    return () => {
      isCurrent = false;
    };
  }, [load]);

  const loadMore = () => {
    if (more.isLoading) return;
    setMore({ isLoading: true, hasFailed: false });
    load(pages.page + 1).then(
      (list) => {
        setPages((current) => {
          // An event may have moved between pages since the last one was read.
          const seen = new Set(current.events.map((event) => event._id));
          const added = list.data.filter((event) => !seen.has(event._id));
          return { state: 'ready', events: [...current.events, ...added], page: list.page, pages: list.pages };
        });
        setMore({ isLoading: false, hasFailed: false });
      },
      () => setMore({ isLoading: false, hasFailed: true }),
    );
  };

  return {
    state: pages.state,
    events: pages.events,
    hasMore: pages.state === 'ready' && pages.page < pages.pages,
    isLoadingMore: more.isLoading,
    hasMoreFailed: more.hasFailed,
    loadMore,
  };
}

/** The stored sign-in of the admin app, which the public site shares (same origin, same storage). */
export const readSignInToken = readAuthToken;

export const getRsvp = (id: string, token: string) =>
  requestJson<RsvpState>(eventPaths.rsvp(encodeURIComponent(id)), { token });
export const sayGoing = (id: string, token: string) =>
  requestJson<RsvpState>(eventPaths.rsvp(encodeURIComponent(id)), { method: 'POST', token });
export const takeBackGoing = (id: string, token: string) =>
  requestJson<RsvpState>(eventPaths.rsvp(encodeURIComponent(id)), { method: 'DELETE', token });
