import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../db/list.js';
import { isOneWord, estimatedUserMatches, hasRareWord, rareWords, wordShares } from './user-search.js';

// As ANALYZE reports them for a community where one in ten is a Giorgos.
const frequent = wordShares(
  ['giorgos', 'iorgos', 'orgos', 'ioannou', 'papadopoulos', 'papadakis', 'παπαδοπουλοσ', 'bench', 'test'],
  [0.1, 0.1, 0.12, 0.15, 0.14, 0.05, 0.08, 1, 1],
);

describe('estimatedUserMatches', () => {
  it('multiplies the shares of whole words', () => {
    expect(estimatedUserMatches(frequent, 'Giorgos Ioannou', 100_000)).toBe(1500);
    expect(estimatedUserMatches(frequent, 'orgos ioannou', 100_000)).toBe(1800);
  });

  it('takes the last word as the start of any frequent tail', () => {
    // papadopoulos or papadakis: 1 - (1 - 0.14)(1 - 0.05)
    expect(estimatedUserMatches(frequent, 'PAPAD', 100_000)).toBe(18_300);
    expect(estimatedUserMatches(frequent, '@bench.tes', 100_000)).toBe(100_000);
  });

  it('folds letters as search_fold does: one at a time, without accents, ς as σ', () => {
    expect(estimatedUserMatches(frequent, 'ΠΑΠΑΔΌΠΟΥΛΟΣ', 100_000)).toBe(8000);
    expect(estimatedUserMatches(frequent, 'Παπαδόπουλος', 100_000)).toBe(8000);
    expect(estimatedUserMatches(frequent, 'παπαδοπουλοσ', 100_000)).toBe(8000);
  });

  it('knows nothing of rare words, words too short for the index, or a whole word it only has tails of', () => {
    expect(estimatedUserMatches(frequent, 'member12345@', 100_000)).toBeNull();
    expect(estimatedUserMatches(frequent, 'Ioannou 48', 100_000)).toBeNull();
    expect(estimatedUserMatches(frequent, 'papad ioannou', 100_000)).toBeNull();
    expect(estimatedUserMatches(frequent, '@bench.te', 100_000)).toBeNull();
    expect(estimatedUserMatches(frequent, '  ', 100_000)).toBeNull();
  });
});

describe('rareWords', () => {
  it('keeps the rare words for the index, each ended as it was typed', () => {
    expect(rareWords(frequent, 'Ioannou 4821 ')).toBe('4821 ');
    expect(rareWords(frequent, 'Ελένη Ioannou')).toBe('ελενη ');
    expect(rareWords(frequent, 'member12345@bench.test')).toBe('member12345 ');
    expect(rareWords(frequent, 'zacharopoulou giorgos')).toBe('zacharopoulou ');
  });

  it('keeps the whole term when no rare word is whole, or none is long enough for the index', () => {
    expect(rareWords(frequent, 'Ioannou 4821')).toBe('Ioannou 4821');
    expect(rareWords(frequent, 'giorgos zacharo')).toBe('giorgos zacharo');
    expect(rareWords(frequent, 'Giorgos Ioannou')).toBe('Giorgos Ioannou');
    expect(rareWords(frequent, 'papad')).toBe('papad');
    expect(rareWords(frequent, 'ioannou 48')).toBe('ioannou 48');
  });
});

describe('hasRareWord', () => {
  it('tells a term with a rare word, whole or open, from one of frequent or short words', () => {
    expect(hasRareWord(frequent, 'member341')).toBe(true);
    expect(hasRareWord(frequent, 'Ioannou 4821')).toBe(true);
    expect(hasRareWord(frequent, 'Ελένη Ioannou')).toBe(true);
    expect(hasRareWord(frequent, 'Giorgos Ioannou')).toBe(false);
    expect(hasRareWord(frequent, 'papad')).toBe(false);
    expect(hasRareWord(frequent, 'ioannou 48')).toBe(false);
    expect(hasRareWord(frequent, 'a@')).toBe(false);
  });
});

describe('foldForSearch', () => {
  it('folds Greek as search_fold does, and leaves other letters lowered', () => {
    expect(foldForSearch('ΆΈΉΊΪΌΎΫΏ άέήίϊΐόύϋΰώ ς Σ')).toBe('αεηιιουυω αεηιιιουυυω σ σ');
    expect(foldForSearch('Émile ZOLA')).toBe('émile zola');
  });
});

describe('isOneWord', () => {
  it('takes a word of 3 to 32 characters, in any case, with nothing that separates words', () => {
    for (const q of ['mem', 'member68', 'ΑΝΝΑ', 'Ελένη', 'x'.repeat(32)]) expect(isOneWord(q), q).toBe(true);
    for (const q of ['me', 'x'.repeat(33), 'member68@', 'Anna Maria', '50%_off', 'a-b-c', 'back\\slash'])
      expect(isOneWord(q), q).toBe(false);
  });
});
