import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { useAuth } from '../../features/auth/auth-store';
import { useMfaStatus } from '../../features/mfa/api/get-mfa-status';
import { SECURITY_PATH } from '../paths';
import { describeEntry } from '../../features/audit/components/describe-entry';
import { useDashboard } from '../../features/dashboard/api/get-dashboard';
import { DashboardCards } from '../../features/dashboard/components/dashboard-cards';
import { MyEventsCard } from '../../features/events/components/my-events-card';
import { useApproveInvite } from '../../features/invites/api/approve-invite';
import { useRejectInvite } from '../../features/invites/api/reject-invite';
import { getErrorMessage } from '../../lib/api-client';
import { apiRoutes, dateTimeFormat } from '@community/shared';
import { useIsAdmin, useMay } from '../use-rights';

/** An administrator without a second factor is one stolen password away from the whole site. */
function MissingFactorWarning() {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const status = useMfaStatus({ enabled: isAdmin }).data;
  if (!isAdmin || !status || status.totp || status.passkeys.length > 0) return null;
  return (
    <div>
      <Alert tone="warning">
        {t('home.mfaMissing')}{' '}
        <Link to={SECURITY_PATH} className="font-medium underline">
          {t('home.mfaSetUp')}
        </Link>
      </Alert>
    </div>
  );
}

/** What needs attention, card by card, for whatever lists this person may read. */
function Dashboard() {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard();
  const toasts = (message: string, fallback: string) => ({
    mutationConfig: {
      onSuccess: () => {
        toast.success(message);
        void dashboard.refetch();
      },
      onError: (error: unknown) => void toast.error(getErrorMessage(error, fallback)),
    },
  });
  const approve = useApproveInvite(toasts(t('invites.approved'), t('invites.approveError')));
  const reject = useRejectInvite(toasts(t('invites.rejected'), t('invites.rejectError')));
  const may = useMay();
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const weekFormat = dateTimeFormat(i18n.resolvedLanguage, { day: 'numeric', month: 'short' });
  if (dashboard.isError) return <Alert tone="error">{getErrorMessage(dashboard.error, t('dashboard.error'))}</Alert>;
  if (!dashboard.data) return <p className="text-slate-600">{t('common.loading')}</p>;
  if (dashboard.data.cards.length === 0) return <p className="text-slate-600">{t('home.intro')}</p>;
  return (
    <DashboardCards
      cards={dashboard.data.cards}
      formatDate={(iso) => dateFormat.format(new Date(iso))}
      formatWeek={(start) => t('dashboard.members.weekOf', { date: weekFormat.format(new Date(`${start}T12:00:00`)) })}
      describe={(event) => describeEntry(t, event)}
      onApprove={
        may('POST', `${apiRoutes.invites}/:id/approve`)
          ? (id, onDone) => approve.mutate(id, { onSuccess: onDone })
          : undefined
      }
      onReject={
        may('POST', `${apiRoutes.invites}/:id/reject`)
          ? (id, onDone) => reject.mutate(id, { onSuccess: onDone })
          : undefined
      }
      busyInviteId={(approve.isPending && approve.variables) || (reject.isPending && reject.variables) || undefined}
    />
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('home.title', { name: userInfo?.user.name ?? '' })}</h1>
      <MissingFactorWarning />
      <Dashboard />
      <MyEventsCard upcoming />
    </section>
  );
}
