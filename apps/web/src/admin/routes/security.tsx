import { useTranslation } from 'react-i18next';
import { SecurityCard } from '../../features/mfa/components/security-card';
import { MySessionsCard } from '../../features/sessions/components/my-sessions-card';

/** How one signs in: second factors, and where one is signed in. */
export function SecurityRoute() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('security.title')}</h1>
      <SecurityCard />
      <MySessionsCard />
    </section>
  );
}
