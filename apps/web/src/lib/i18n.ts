import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import el from '../locales/el.json';
import en from '../locales/en.json';
import { storageKeys } from './storage-keys';

export const SUPPORTED_LANGUAGES = ['el', 'en'] as const;

/** Spec section 9: base language only, Greek fallback, saved choice first, then the browser, then the page. */
export function initI18n(forcedLanguage?: string) {
  return i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { el: { translation: el }, en: { translation: en } },
      lng: forcedLanguage,
      fallbackLng: 'el',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      // React escapes what it renders; i18next must not escape it a second time.
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: storageKeys.language,
        caches: ['localStorage'],
      },
    });
}

export { i18n };
