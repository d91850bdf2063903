import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/auth-store';

export function HomeRoute() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t('home.title', { name: userInfo?.user.name ?? '' })}</h1>
      <p className="mt-2 text-slate-600">{t('home.intro')}</p>
    </section>
  );
}
