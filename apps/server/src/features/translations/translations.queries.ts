import { asc, eq, sql } from 'drizzle-orm';
import type { Translation, TranslationSummary } from '@community/shared';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema.js';
import { defaultTexts, keysChanged, mergeCatalogue, type Catalogue, type Texts } from './catalogue.js';

type Row = typeof translations.$inferSelect;

const toTranslation = (row: Row): Translation => ({
  language: row.language,
  data: { lang: row.language, entries: row.entries },
  lastGenerated: row.lastGenerated?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTranslations(db: Db): Promise<TranslationSummary[]> {
  const rows = await db
    .select({
      language: translations.language,
      lastGenerated: translations.lastGenerated,
      updatedAt: translations.updatedAt,
      keys: sql<number>`(select count(*) from jsonb_object_keys(${translations.entries}))::int`,
    })
    .from(translations)
    .orderBy(asc(translations.language));
  return rows.map((row) => ({
    language: row.language,
    keys: Number(row.keys),
    lastGenerated: row.lastGenerated?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function findTranslation(db: Db, language: string): Promise<Translation | undefined> {
  const [row] = await db.select().from(translations).where(eq(translations.language, language));
  return row && toTranslation(row);
}

/**
 * A language's stored texts for the editor, with how many of them the next Generate would add or
 * reword: a newer web build's texts, served at once but edited only once they are stored.
 */
export async function findTranslationToEdit(
  db: Db,
  language: string,
  catalogue: Catalogue,
): Promise<{ translation: Translation; awaitingGenerate: number } | undefined> {
  const [row] = await db.select().from(translations).where(eq(translations.language, language));
  if (!row) return undefined;
  const merged = mergeCatalogue(row.entries, defaultTexts(catalogue, language), row.generatedFrom);
  return { translation: toTranslation(row), awaitingGenerate: keysChanged(row.entries, merged).length };
}

/** Holds the language's row to the end of the transaction; its version, or none for a new language. */
export async function lockTranslation(db: Db, language: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ updatedAt: translations.updatedAt })
    .from(translations)
    .where(eq(translations.language, language))
    .for('update');
  return row?.updatedAt;
}

/** Saving replaces the language's texts (creating the language); /locales changes on the next Generate. */
export async function saveTranslation(db: Db, language: string, entries: Texts): Promise<Translation> {
  const [row] = await db
    .insert(translations)
    .values({ language, entries, updatedAt: new Date() })
    .onConflictDoUpdate({ target: translations.language, set: { entries, updatedAt: new Date() } })
    .returning();
  return toTranslation(row!);
}

/**
 * Merges the catalogue into every language without touching edited texts, and publishes each
 * result as the snapshot /locales serves. Rows are locked so two runs cannot interleave.
 */
/**
 * Merges the catalogue into every language and publishes them. Answers the languages it created
 * and, per language, the texts as published before and after.
 */
export async function generateTranslations(
  db: Db,
  catalogue: Catalogue,
): Promise<{ created: string[]; published: { language: string; before: Texts; after: Texts }[] }> {
  return db.transaction(async (tx) => {
    const created: string[] = [];
    for (const language of Object.keys(catalogue.languages)) {
      const [inserted] = await tx
        .insert(translations)
        .values({ language, entries: {} })
        .onConflictDoNothing()
        .returning({ language: translations.language });
      if (inserted) created.push(inserted.language);
    }
    const rows = await tx.select().from(translations).for('update');
    const now = new Date();
    const published = [];
    for (const row of rows) {
      const defaults = defaultTexts(catalogue, row.language);
      const entries = mergeCatalogue(row.entries, defaults, row.generatedFrom);
      await tx
        .update(translations)
        .set({ entries, published: entries, generatedFrom: defaults, lastGenerated: now, updatedAt: now })
        .where(eq(translations.language, row.language));
      published.push({ language: row.language, before: row.published ?? {}, after: entries });
    }
    return { created, published };
  });
}

/** A fresh installation publishes the catalogue's languages once, so the interface has texts at once. */
export async function ensurePublished(db: Db, catalogue: Catalogue): Promise<void> {
  const [any] = await db.select({ language: translations.language }).from(translations).limit(1);
  if (!any && Object.keys(catalogue.languages).length > 0) await generateTranslations(db, catalogue);
}
