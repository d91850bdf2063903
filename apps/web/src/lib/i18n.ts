import i18n, { type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTexts } from './published-texts';
import { storageKeys } from './storage-keys';

export const SUPPORTED_LANGUAGES = ['el', 'en'] as const;

/** Each language in its own words, as people look for it whatever the page's language. */
export const LANGUAGE_NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], string> = { el: 'Ελληνικά', en: 'English' };

/** Storage may be refused (private modes, blocked cookies): the choice is then not kept. */
function savedLanguage(): string | null {
  try {
    return localStorage.getItem(storageKeys.language);
  } catch {
    return null;
  }
}

/** The saved choice first, then the browser's languages in its order, then the page's; a choice is kept. */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () =>
    [savedLanguage(), ...navigator.languages, document.documentElement.lang].filter((code): code is string => !!code),
  cacheUserLanguage: (language) => {
    try {
      localStorage.setItem(storageKeys.language, language);
    } catch {
      // Not kept: the next visit detects again.
    }
  },
};

/** The server's published translations (the Translations screen), read as the public site reads them. */
const publishedTexts = {
  type: 'backend' as const,
  // read answers with a promise.
  callbackApi: false,
  init: () => {},
  read: (language: string) => loadTexts(language),
};

/** Texts in the chosen language, base language only, with Greek where a text is missing. */
export function initI18n() {
  // Screen readers, hyphenation and capitals (Greek drops its accents in upper case) go by <html lang>.
  i18n.on('languageChanged', () => {
    document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  });
  return i18n
    .use(publishedTexts)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      // The first of the browser's languages the app speaks, not merely the first it names.
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: 'el',
      load: 'languageOnly',
      // The served files are flat: "login.title" is one key.
      keySeparator: false,
      // React escapes what it renders; i18next must not escape it a second time.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}
