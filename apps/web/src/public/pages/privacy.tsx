import { WithPageLinks } from '../page-mentions';
import { useT } from '../texts';

const SECTIONS = ['who', 'what', 'why', 'howLong', 'sharing', 'rights', 'security', 'contact'];

/** What is stored, why, for how long, and the person's rights: each section a translation key. */
export function PrivacyPage() {
  const t = useT();
  return (
    <article className="rounded-xl bg-white/95 p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="mb-2 text-3xl font-bold text-slate-900">{t('public.privacy.title')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('public.privacy.updated')}</p>
      <div className="flex flex-col gap-6 leading-relaxed text-slate-800">
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`privacy-${section}`}>
            <h2 id={`privacy-${section}`} className="mb-2 text-xl font-semibold text-slate-900">
              {t(`public.privacy.${section}.title`)}
            </h2>
            <p className="whitespace-pre-line">
              <WithPageLinks text={t(`public.privacy.${section}.text`)} />
            </p>
          </section>
        ))}
      </div>
    </article>
  );
}
