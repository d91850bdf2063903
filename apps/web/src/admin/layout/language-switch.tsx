import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../lib/i18n';

/** Greek / English; the choice is saved under i18nextLng by the language detector. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'el';
  return (
    <div
      role="group"
      aria-label={t('layout.language')}
      className="flex overflow-hidden rounded-md border border-slate-300 text-xs"
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          aria-pressed={current === language}
          // Read out as the language's name in its own words, not as the letters of its code.
          aria-label={LANGUAGE_NAMES[language]}
          title={LANGUAGE_NAMES[language]}
          lang={language}
          onClick={() => i18n.changeLanguage(language)}
          className={`px-2 py-1 uppercase ${current === language ? 'bg-brand-600 text-white' : 'bg-white text-slate-700'}`}
        >
          {language}
        </button>
      ))}
    </div>
  );
}
