/** A language's texts as published by the Translations screen: key to text. */
export type Texts = Record<string, string>;

const MAX_RETRIES = 5;
const FIRST_RETRY_MS = 350;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads a language's published texts, for the public site and the admin app alike: 5xx or no
 * answer is retried up to 5 times from 350 ms, doubling; 4xx and unreadable files are not.
 * Without texts a screen still renders, showing keys.
 */
export async function loadTexts(language: string): Promise<Texts> {
  for (let attempt = 0; ; attempt++) {
    let isRetryable: boolean;
    try {
      const response = await fetch(`/locales/${encodeURIComponent(language)}/translations.json`);
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
