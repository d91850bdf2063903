import { createContext, useContext, type ReactNode } from 'react';

export type Texts = Record<string, string>;

/** The public site is in Greek only. */
export const PUBLIC_LANGUAGE = 'el';
const MAX_RETRIES = 5;
const FIRST_RETRY_MS = 350;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the published texts with the admin app's rule: 5xx or no answer is retried
 * up to 5 times from 350 ms, doubling; 4xx and unreadable files are not. Without texts the
 * page still renders, showing keys.
 */
export async function loadTexts(language = PUBLIC_LANGUAGE): Promise<Texts> {
  for (let attempt = 0; ; attempt++) {
    let isRetryable: boolean;
    try {
      const response = await fetch(`/locales/${language}/translations.json`);
      if (response.ok) return (await response.json()) as Texts;
      isRetryable = response.status >= 500;
    } catch (error) {
      // A body that is not JSON will not become JSON on a second read.
      isRetryable = !(error instanceof SyntaxError);
    }
    if (!isRetryable || attempt >= MAX_RETRIES) return {};
    await wait(FIRST_RETRY_MS * 2 ** attempt);
  }
}

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
