import { languageOf, localizeMessage, totpCodeSchema } from '@community/shared';

/**
 * Why what was typed is no authenticator code at all ("12", letters), in the screen's language;
 * undefined for six digits. Said at once, not sent and answered as a wrong code.
 */
export function totpFormatError(entered: string, language: string | undefined): string | undefined {
  const checked = totpCodeSchema.safeParse(entered);
  return checked.success ? undefined : localizeMessage(checked.error.issues[0]!.message, languageOf(language));
}
