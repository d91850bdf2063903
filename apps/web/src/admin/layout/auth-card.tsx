import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteName } from '../../features/site-config/api/get-site-config';
import { useTitle } from '../../lib/use-title';
import { LanguageSwitch } from './language-switch';

/**
 * The frame of the signed-out screens: one centred card with the screen's title, below a way
 * back to the public site and the language switch (the browser's language may not be the reader's).
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const siteName = useSiteName();
  useTitle(title, siteName);
  return (
    <main id="content" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-100 px-4 py-10">
      <div className="flex w-full max-w-sm items-center justify-between gap-3">
        {/* The public site lives outside the admin app's routes: a full page load. */}
        <a
          href="/"
          aria-label={t('login.backToSite', { site: siteName })}
          className="flex min-w-0 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{siteName}</span>
        </a>
        <LanguageSwitch />
      </div>
      <section className="w-full max-w-sm rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-6 text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </section>
    </main>
  );
}
