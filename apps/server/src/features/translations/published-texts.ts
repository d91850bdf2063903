import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { translations } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { precompress, type Precompressed } from '../../lib/precompressed.js';
import { defaultTexts, mergeCatalogue, type CatalogueSource } from './catalogue.js';

/** A published language as sent: compressed once per publication, not once per request. */
export type RenderedTexts = Precompressed & { body: string };

/**
 * What /locales serves for a language, or undefined for a language that has none. Every page
 * load asks for it, so it is kept until the translations change anywhere (a Generate on any
 * instance) or a new web build brings a new catalogue. Keys the catalogue gained since the last
 * Generate show their default text meanwhile.
 */
export async function readPublishedTexts(
  db: Db,
  loadCatalogue: CatalogueSource,
  language: string,
): Promise<RenderedTexts | undefined> {
  const catalogue = await loadCatalogue();
  return cached(
    db,
    'translations:published',
    ['translations'],
    `${language} ${catalogue.version}`,
    async () => {
      const [row] = await db
        .select({ published: translations.published, generatedFrom: translations.generatedFrom })
        .from(translations)
        .where(eq(translations.language, language));
      if (!row) return undefined;
      const texts = mergeCatalogue(row.published ?? {}, defaultTexts(catalogue, language), row.generatedFrom);
      const body = JSON.stringify(texts);
      return { ...precompress(body), body };
    },
    { max: 100, ttlMs: 60 * 60_000 },
  );
}
