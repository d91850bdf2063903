import type { Translation } from '@community/shared';
import type { Db } from '../../db/client.js';
import { assertUnchangedSince } from '../../lib/if-match.js';
import type { RequestContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { keysChanged, type Catalogue, type Texts } from './catalogue.js';
import { findTranslation, generateTranslations, lockTranslation, saveTranslation } from './translations.queries.js';

/** An entry names at most this many keys per kind of change; the counts are always whole. */
const KEYS_SHOWN = 50;

type KeySummary = [null, { count: number; keys: string[] }];
const summary = (keys: string[]): KeySummary | undefined =>
  keys.length > 0 ? [null, { count: keys.length, keys: keys.sort().slice(0, KEYS_SHOWN) }] : undefined;

/** Which keys a save added, removed and changed: counts, and the first keys of each. */
function textChanges(before: Texts, after: Texts) {
  const added = Object.keys(after).filter((key) => !(key in before));
  const removed = Object.keys(before).filter((key) => !(key in after));
  const changed = Object.keys(after).filter((key) => key in before && before[key] !== after[key]);
  return Object.fromEntries(
    Object.entries({ added: summary(added), removed: summary(removed), changed: summary(changed) }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Record<string, KeySummary>;
}

export async function saveTexts(
  db: Db,
  context: RequestContext,
  language: string,
  entries: Texts,
  /** The version the texts were edited from (`If-Match`), when the caller says. */
  version?: string,
): Promise<Translation> {
  return db.transaction(async (tx) => {
    const stored = await lockTranslation(tx, language);
    if (stored) assertUnchangedSince(stored.toISOString(), version);
    const before = await findTranslation(tx, language);
    const saved = await saveTranslation(tx, language, entries);
    await recordAudit(tx, context, {
      action: 'translation.save',
      target: { type: 'translation', id: language, label: language.toUpperCase() },
      changes: textChanges(before?.data.entries ?? {}, saved.data.entries),
    });
    return saved;
  });
}

/**
 * Generate Translations: the catalogue merged into every language and published. Its entry names
 * the languages it created and the published texts it changed ("el home.title"), if any.
 */
export async function generateTexts(db: Db, context: RequestContext, catalogue: Catalogue): Promise<void> {
  await db.transaction(async (tx) => {
    const { created, published } = await generateTranslations(tx, catalogue);
    const changedTexts = published.flatMap(({ language, before, after }) =>
      keysChanged(before, after).map((key) => `${language} ${key}`),
    );
    const languages = published.map(({ language }) => language).sort();
    const changes = {
      ...(created.length > 0
        ? { languages: [languages.filter((l) => !created.includes(l)), languages] as [string[], string[]] }
        : {}),
      ...(changedTexts.length > 0 ? { published: summary(changedTexts)! } : {}),
    };
    await recordAudit(tx, context, { action: 'translation.generate', changes });
  });
}
