import fs from 'node:fs/promises';
import path from 'node:path';

export type Texts = Record<string, string>;

/** Every key the web app uses, with its Greek and English text, written by the web build. */
export type Catalogue = { version: string; languages: Record<string, Texts> };

export const CATALOGUE_FILE = 'translation-catalogue.json';
const EMPTY: Catalogue = { version: 'none', languages: {} };

/** Every page load asks for the texts: the file is looked at no more than once a second. */
const CHECK_EVERY_MS = 1000;

/** Read on demand and kept while the file stays the same: a new web build is picked up. */
export function createCatalogueSource(webDistDir: string) {
  const file = path.join(webDistDir, CATALOGUE_FILE);
  let cached: { mtimeMs: number; catalogue: Catalogue } | undefined;
  let recent: { at: number; catalogue: Promise<Catalogue> } | undefined;
  /** `maxAgeMs` 0 looks at the file now (Generate must see the build that is there). */
  return function load(maxAgeMs = CHECK_EVERY_MS): Promise<Catalogue> {
    if (recent && Date.now() - recent.at < maxAgeMs) return recent.catalogue;
    recent = { at: Date.now(), catalogue: read() };
    return recent.catalogue;
  };

  async function read(): Promise<Catalogue> {
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat) return EMPTY;
    if (cached?.mtimeMs === stat.mtimeMs) return cached.catalogue;
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as { languages?: Record<string, Texts> };
    const catalogue = { version: String(stat.mtimeMs), languages: parsed.languages ?? {} };
    cached = { mtimeMs: stat.mtimeMs, catalogue };
    return catalogue;
  }
}

export type CatalogueSource = ReturnType<typeof createCatalogueSource>;

/** A language the web app was not written in starts from the English texts. */
export const defaultTexts = (catalogue: Catalogue, language: string): Texts =>
  catalogue.languages[language] ?? catalogue.languages.en ?? {};

/** Keys whose text differs between two versions: added, removed or changed. */
export const keysChanged = (before: Texts, after: Texts) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key]);

/** `dashboard.members.total_one` → `dashboard.members.total`. */
const PLURAL_FORM = /^(.+)_(?:zero|one|two|few|many|other)$/;

/**
 * The catalogue merged into a language's texts: keys it lacks are added, and a text still as the
 * last Generate left it (equal to `baseline`, the catalogue's text then) follows a newer build that
 * reworded it. A text edited since stays, as does every text when there is no baseline yet.
 */
export function mergeCatalogue(texts: Texts, defaults: Texts, baseline: Texts | null): Texts {
  // In the catalogue's order, which keeps a screen's keys together (stored texts come back in
  // jsonb's order, by key length), and so compresses better.
  const merged: Texts = { ...defaults, ...texts };
  // A text a newer build writes in plural forms (`key_one`, `key_other`) keeps what was stored
  // for it under its one key, when that was written here: an edit, or a language of its own.
  for (const key of Object.keys(defaults)) {
    const single = PLURAL_FORM.exec(key)?.[1];
    if (!single || Object.hasOwn(texts, key) || !Object.hasOwn(texts, single)) continue;
    const isAsGenerated = baseline !== null && Object.hasOwn(baseline, single) && baseline[single] === texts[single];
    if (!isAsGenerated) merged[key] = texts[single]!;
  }
  if (baseline === null) return merged;
  for (const [key, text] of Object.entries(defaults)) {
    if (Object.hasOwn(texts, key) && Object.hasOwn(baseline, key) && texts[key] === baseline[key]) merged[key] = text;
  }
  return merged;
}
