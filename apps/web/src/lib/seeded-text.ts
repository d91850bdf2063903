import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language } from '@community/shared';

/**
 * A text the product installed (a role's description, a permission's or a menu entry's name), in
 * a form as its list shows it: in the screen's language. Left as shown, it is saved as stored, so
 * the other language keeps its own; changed, it is saved as typed. A text an administrator wrote
 * is shown and saved as written.
 */
export function useSeededText(stored: string, localize: (text: string, language: Language) => string) {
  const { i18n } = useTranslation();
  // As the form was filled, whatever language the screen turns to while it is open.
  const [shown] = useState(() => localize(stored, languageOf(i18n.resolvedLanguage)));
  return {
    shown,
    toStored: <T extends string | null | undefined>(typed: T) => (typed === shown ? stored : typed),
  };
}
