import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/list.js';
import { users } from '../../db/schema.js';

/**
 * Words as `user_search_words` and `user_search_query` split them (migration 0017): runs between
 * white space and ASCII punctuation; only words of three characters or more are looked up.
 */
const SEPARATORS = /[\s!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+/u;
const hasIndexedWord = (q: string) => q.split(SEPARATORS).some((word) => [...word].length >= 3);

/**
 * The users whose name or email holds `q`, case-insensitively, as the lists and pickers search
 * them. What matches is decided by ILIKE alone; when `q` has a word of three characters or more,
 * the word index (`users.search_words`) first narrows the rows to those with words that hold
 * every such typed word, which every ILIKE match has (docs/decisions/018-user-search.md).
 */
export function userSearch(q: string): SQL {
  const contains = or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q)))!;
  if (!hasIndexedWord(q)) return contains;
  // Planned for each search (ADR 012): the null test folds away, the index condition stays.
  const words = sql`user_search_query(${q})`;
  return sql`((${words} is null or ${users.searchWords} @@ ${words}) and ${contains})`;
}
