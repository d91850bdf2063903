import { createContext, useContext, type ReactNode } from 'react';
import type { Texts } from '../lib/published-texts';

/** The public site is in Greek only. */
export const PUBLIC_LANGUAGE = 'el';

/** `{{name}}` placeholders are filled in as text; React escapes whatever it renders. */
export function translate(texts: Texts, key: string, values: Record<string, string | number> = {}): string {
  const text = texts[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

const TextsContext = createContext<Texts>({});

export function TextsProvider({ texts, children }: { texts: Texts; children: ReactNode }) {
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

export function useT() {
  const texts = useContext(TextsContext);
  return (key: string, values?: Record<string, string | number>) => translate(texts, key, values);
}
