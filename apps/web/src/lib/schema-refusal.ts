import { languageOf, localizeMessage } from '@community/shared';
import type { z } from 'zod';

/**
 * What a shared schema refuses in `value`, first refusal only, in the screen's language; undefined
 * when it passes. For a field checked on its own, said at once rather than sent and refused.
 */
export function schemaRefusal(schema: z.ZodType, value: unknown, language: string | undefined): string | undefined {
  const checked = schema.safeParse(value);
  const refused = checked.error?.issues[0]?.message;
  return refused && localizeMessage(refused, languageOf(language));
}
