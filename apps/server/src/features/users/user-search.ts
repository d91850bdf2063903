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
 * `indexed`, the words looked up in the index, may leave out some of them: see `rareWords`.
 */
export function userSearch(q: string, indexed = q): SQL {
  const contains = or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q)))!;
  if (!hasIndexedWord(indexed)) return contains;
  // Planned for each search (ADR 012): the null test folds away, the index condition stays.
  const words = sql`user_search_query(${indexed})`;
  return sql`((${words} is null or ${users.searchWords} @@ ${words}) and ${contains})`;
}

/**
 * The typed words as `user_search_query` looks them up: whole, or the last one as a prefix; null
 * when a word is too short for the index, so that the index words alone do not tell the matches.
 */
function typedWords(q: string): { word: string; isPrefix: boolean }[] | null {
  // lower() as PostgreSQL applies it, a character at a time: a final Σ becomes σ, not ς.
  const words = [...q]
    .map((c) => c.toLowerCase())
    .join('')
    .split(SEPARATORS);
  const typed = words.flatMap((word, index) =>
    word ? [{ word: [...word].slice(0, 32).join(''), isPrefix: index === words.length - 1 }] : [],
  );
  return typed.length > 0 && typed.every(({ word }) => [...word].length >= 3) ? typed : null;
}

/** The share of users whose words have each frequent tail, as ANALYZE last sampled them. */
export type WordShares = { shares: Map<string, number>; tails: string[] };

export function wordShares(tails: string[], shares: number[]): WordShares {
  return { shares: new Map(tails.map((tail, i) => [tail, shares[i]!])), tails: [...tails].sort() };
}

/** The share of users with a word that starts with `prefix`: rows holding any such tail. */
function prefixShare({ shares, tails }: WordShares, prefix: string): number {
  let none = 1;
  let i = lowerBound(tails, prefix);
  for (; i < tails.length && tails[i]!.startsWith(prefix); i++) none *= 1 - shares.get(tails[i]!)!;
  return 1 - none;
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * How many of `users` a search for `q` may match, from the frequent word tails alone; null when
 * a typed word is not among them (a rare word makes a rare term, which the word index serves
 * best) or is too short to be indexed. The words are taken as independent, in any order.
 */
export function estimatedUserMatches(frequent: WordShares, q: string, users: number): number | null {
  const words = typedWords(q);
  if (!words) return null;
  let share = 1;
  for (const { word, isPrefix } of words) {
    const found = isPrefix ? prefixShare(frequent, word) : (frequent.shares.get(word) ?? 0);
    if (found === 0) return null;
    share *= found;
  }
  return Math.round(share * users);
}

/**
 * The part of `q` worth looking up in the word index: its words that are not frequent, each
 * ended as in `q` (whole, or the last one open). A frequent word's entries are a long list that
 * narrows the rows little; ILIKE still checks every typed word. `q` itself unless a rare word is
 * whole: the planner takes any open word at 2% of the rows, and with nothing else to go by may
 * read the table for one that is rare.
 */
export function rareWords(frequent: WordShares, q: string): string {
  const parts = q.split(new RegExp(`(${SEPARATORS.source})`, 'u'));
  let rare = '';
  let hasWholeRare = false;
  for (let i = 0; i < parts.length; i += 2) {
    const word = [...parts[i]!].map((c) => c.toLowerCase()).join('');
    const isLast = i === parts.length - 1;
    if ([...word].length < 3) continue;
    const share = isLast ? prefixShare(frequent, word) : (frequent.shares.get(word) ?? 0);
    if (share > 0) continue;
    rare += isLast ? word : `${word} `;
    hasWholeRare ||= !isLast;
  }
  return hasWholeRare ? rare : q;
}
