import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main id="content" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-100 px-4">
      <h1 className="text-3xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <a href="/kiosk" className={buttonClass()}>
        {t('notFound.shop')}
      </a>
    </main>
  );
}
