import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from './storage-keys';

export const SUPPORTED_LANGUAGES = ['el', 'en'] as const;

/** Each language in its own words, as people look for it whatever the page's language. */
export const LANGUAGE_NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], string> = { el: 'Ελληνικά', en: 'English' };

/**
 * Texts come from the server's published translations (the Translations screen): base language
 * only, Greek fallback, saved choice first, then the browser, then the page; up to 10 files in
 * parallel, 5 retries from 350 ms doubling, 5xx retried and 4xx not (the backend's own rule).
 */
export function initI18n(forcedLanguage?: string) {
  // Screen readers, hyphenation and capitals (Greek drops its accents in upper case) go by <html lang>.
  i18n.on('languageChanged', () => {
    document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  });
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      lng: forcedLanguage,
      fallbackLng: 'el',
      load: 'languageOnly',
      // The served files are flat: "login.title" is one key.
      keySeparator: false,
      backend: { loadPath: '/locales/{{lng}}/translations.json' },
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      // React escapes what it renders; i18next must not escape it a second time.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: storageKeys.language,
        caches: ['localStorage'],
      },
    });
}
