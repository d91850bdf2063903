import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { useAuth } from '../../features/auth/auth-store';
import { useMfaStatus } from '../../features/mfa/api/get-mfa-status';
import { SECURITY_LINK } from '../paths';

/** An administrator without a second factor is one stolen password away from the whole site. */
function MissingFactorWarning() {
  const { t } = useTranslation();
  const { userRole } = useAuth();
  const isAdmin = userRole.some((role) => role.type === 'admin');
  const status = useMfaStatus({ enabled: isAdmin }).data;
  if (!isAdmin || !status || status.totp || status.passkeys.length > 0) return null;
  return (
    <div className="mt-4">
      <Alert tone="warning">
        {t('home.mfaMissing')}{' '}
        <Link to={SECURITY_LINK} className="font-medium underline">
          {t('home.mfaSetUp')}
        </Link>
      </Alert>
    </div>
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t('home.title', { name: userInfo?.user.name ?? '' })}</h1>
      <p className="mt-2 text-slate-600">{t('home.intro')}</p>
      <MissingFactorWarning />
    </section>
  );
}
