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
          onClick={() => i18n.changeLanguage(language)}
          lang={language}
          className={`px-2 py-1 uppercase ${current === language ? 'bg-brand-600 text-white' : 'bg-white text-slate-700'}`}
        >
          {language}
          {/* Read out with the language's name in its own words, after the code one sees and may say. */}
          <span className="sr-only"> {LANGUAGE_NAMES[language]}</span>
        </button>
      ))}
    </div>
  );
}
