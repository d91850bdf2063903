import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@community/shared';
import type { ComboboxOption } from '../components/ui/combobox';
import { api } from './api-client';
import { listSearch } from './list-query';

/** The filter of pickers that give: only what the server lets the reader give. */
export const GRANTABLE_ONLY = { grantable: 'true' };

/** A picker shows this many matches for what was typed. */
const MATCHES_SHOWN = 10;

/**
 * A picker's options: the rows of a list route whose search matches `term` (and `filters`), asked
 * of the server as one types, and the first rows in the list's order before anything is typed;
 * nothing while the picker is closed (`term` null). `feature` is the feature's query key, so its
 * changes refresh them.
 */
export function useSearchOptions<Row>(
  feature: QueryKey,
  path: string,
  term: string | null,
  toOption: (row: Row) => ComboboxOption,
  filters: Record<string, string> = {},
) {
  // The server names (and so matches) its installed entries in the screen's language.
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: [...feature, 'search', term, filters, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      api<ListResponse<Row>>('GET', `${path}?${listSearch({ q: term ?? '', limit: MATCHES_SHOWN, filters })}`, {
        signal,
      }),
    enabled: term !== null,
    staleTime: 15_000,
  });
  return { options: term === null ? [] : (query.data?.data ?? []).map(toOption), isLoading: query.isFetching };
}
