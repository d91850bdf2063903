import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern, foldedHolds, foldForSearch } from '../../db/list.js';
import { users } from '../../db/schema.js';

/**
 * Words as `user_search_words` and `user_search_query` split them (migration 0017): runs between
 * white space and ASCII punctuation; only words of three characters or more are looked up.
 */
const SEPARATORS = /[\s!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+/u;
const hasIndexedWord = (q: string) => q.split(SEPARATORS).some((word) => [...word].length >= 3);

/** A user's name holds `q`, whatever its case and Greek accents (every search by name says so). */
export const nameHolds = (q: string): SQL => foldedHolds(users.name, q);

/**
 * The users whose name or email holds `q`, whatever its case and Greek accents, as the lists and
 * pickers search them. What matches is decided by the name folded (`search_fold`) holding `q`
 * folded, or the email holding `q` (ILIKE); when `q` has a word of three characters or more,
 * the word index (`users.search_words`) first narrows the rows to those with words that hold
 * every such typed word, which every match has (docs/decisions/018-user-search.md).
 * `indexed`, the words looked up in the index, may leave out some of them: see `rareWords`.
 */
export function userSearch(q: string, indexed = q, { indexDecides = false } = {}): SQL {
  const contains = or(nameHolds(q), ilike(users.email, containsPattern(q)))!;
  if (!hasIndexedWord(indexed)) return contains;
  // Planned for each search (ADR 012): the null test folds away, the index condition stays.
  const words = sql`user_search_query(${indexed})`;
  if (indexDecides && indexed === q && isOneWord(q)) return sql`${users.searchWords} @@ ${words}`;
  return sql`((${words} is null or ${users.searchWords} @@ ${words}) and ${contains})`;
}

/**
 * A term of one word, three to 32 characters with no separator: a row holds it, in its name or
 * its email, exactly when one of its word tails starts with it, so the word index alone can
 * decide. Only where the plan is known to read the index (the matches read and sorted): the
 * planner takes any word start at 2% of the rows, and given the index condition alone it may walk
 * the list's order instead.
 */
export function isOneWord(q: string): boolean {
  const folded = foldForSearch(q);
  const length = [...folded].length;
  return length >= 3 && length <= 32 && !SEPARATORS.test(folded);
}

type TypedWord = { word: string; isPrefix: boolean };

/**
 * The typed words as `user_search_query` looks them up: folded, cut at 32 characters, whole, or
 * the last one as a prefix (unless a separator ends it).
 */
function splitTyped(q: string): TypedWord[] {
  const words = foldForSearch(q).split(SEPARATORS);
  return words.flatMap((word, index) =>
    word ? [{ word: [...word].slice(0, 32).join(''), isPrefix: index === words.length - 1 }] : [],
  );
}

const isIndexed = ({ word }: TypedWord) => [...word].length >= 3;

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

/** The share of users with a word that is, or for the last one starts with, the typed word. */
const shareOf = (frequent: WordShares, { word, isPrefix }: TypedWord) =>
  isPrefix ? prefixShare(frequent, word) : (frequent.shares.get(word) ?? 0);

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
  const words = splitTyped(q);
  // A word too short for the index leaves the index words alone unable to tell the matches.
  if (words.length === 0 || !words.every(isIndexed)) return null;
  let share = 1;
  for (const word of words) {
    const found = shareOf(frequent, word);
    if (found === 0) return null;
    share *= found;
  }
  return Math.round(share * users);
}

const isRare = (frequent: WordShares) => (word: TypedWord) => isIndexed(word) && shareOf(frequent, word) === 0;

/**
 * Whether the word index narrows a search for `q` to the users with a rare word, so that reading
 * every match costs little more than reading the page; otherwise its words are all frequent, or
 * too short to be looked up, and the index narrows it little.
 */
export const hasRareWord = (frequent: WordShares, q: string) => splitTyped(q).some(isRare(frequent));

/**
 * The part of `q` worth looking up in the word index: its words that are not frequent, each
 * ended as in `q` (whole, or the last one open). A frequent word's entries are a long list that
 * narrows the rows little; ILIKE still checks every typed word. `q` itself unless a rare word is
 * whole: the planner takes any open word at 2% of the rows, and with nothing else to go by may
 * read the table for one that is rare.
 */
export function rareWords(frequent: WordShares, q: string): string {
  const rare = splitTyped(q).filter(isRare(frequent));
  if (!rare.some((word) => !word.isPrefix)) return q;
  return rare.map(({ word, isPrefix }) => (isPrefix ? word : `${word} `)).join('');
}
