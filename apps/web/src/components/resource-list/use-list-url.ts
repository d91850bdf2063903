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
  const update = (changes: Record<string, string | number | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  return {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? undefined,
    filters,
    update,
  };
}
