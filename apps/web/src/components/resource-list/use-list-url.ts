import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page, search, sort and filters, kept in the URL so the back button and a shared link
 * show the same rows. Any change but a page turn goes back to the first page.
 */
export function useListUrl(filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    filterNames.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  // The router starts each change from the URL last drawn, so of two changes made before it has
  // drawn the first (From, then To, typed quickly) the second would drop the first: a change made
  // while another is on its way builds on that one instead.
  const pending = useRef<{ drawn: string; next: URLSearchParams } | null>(null);
  // Once any URL is drawn the change is no longer on its way: the back button may bring back the
  // very URL it was made on, and a change then starts from what is shown.
  const shown = params.toString();
  useEffect(() => {
    pending.current = null;
  }, [shown]);
  const update = (changes: Record<string, string | number | undefined>) => {
    const drawn = shown;
    const next = new URLSearchParams(pending.current?.drawn === drawn ? pending.current.next : params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    pending.current = { drawn, next };
    setParams(next);
  };
  return {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? undefined,
    filters,
    update,
  };
}
