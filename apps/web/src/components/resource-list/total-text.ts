import type { Pagination } from '@community/shared';
import type { TFunction } from 'i18next';

/** A list's total as a person should read it: "about" an estimate, "at least" a count that stopped. */
export function totalText(t: TFunction, { total, totalIs }: Pick<Pagination, 'total' | 'totalIs'>): string {
  if (totalIs === 'about') return t('list.totalAbout', { total });
  if (totalIs === 'atLeast') return t('list.totalAtLeast', { total });
  return String(total);
}

/**
 * A list's title with its total in brackets, once there is one: a list on its way, or one that
 * could not be read, is not an empty one.
 */
export function titleWithTotal(
  t: TFunction,
  title: string,
  list: Pick<Pagination, 'total' | 'totalIs'> | undefined,
): string {
  return list ? `${title} (${totalText(t, list)})` : title;
}

/** Why a page of a list is empty: past the end of a list that has rows, or else the screen's reason. */
export function emptyListText(t: TFunction, list: Pick<Pagination, 'total'>, reason: string): string {
  return list.total > 0 ? t('list.pastEnd') : reason;
}

/** Why nothing matches: the search, the filters, or both; undefined when nothing narrows the list. */
export function noMatchesText(
  t: TFunction,
  { isSearched, isFiltered }: { isSearched: boolean; isFiltered: boolean },
): string | undefined {
  if (isSearched && isFiltered) return t('list.noMatches');
  if (isSearched) return t('list.noMatchesSearch');
  return isFiltered ? t('list.noMatchesFilters') : undefined;
}
