import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api-client';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserSessions } from '../api/get-user-sessions';
import { SessionList } from './session-list';

function UserSessions({ user, mayEnd }: { user: { _id: string; name: string }; mayEnd: boolean }) {
  const { t } = useTranslation();
  const sessions = useUserSessions(user._id);
  const endAll = useEndUserSessions({
    mutationConfig: {
      onSuccess: ({ revoked }) => toast.success(t('sessions.endedAll', { count: revoked, name: user.name })),
    },
  });
  const error = sessions.error ?? endAll.error;
  return (
    <div className="flex flex-col gap-3">
      {error && <Alert tone="error">{getErrorMessage(error, t('sessions.error'))}</Alert>}
      {sessions.isPending && <p className="text-sm text-slate-600">{t('common.loading')}</p>}
      {sessions.data && <SessionList sessions={sessions.data.data} />}
      {mayEnd && (
        <div className="flex justify-end">
          <Button
            disabled={!sessions.data || sessions.data.data.length === 0}
            isBusy={endAll.isPending}
            onClick={() => endAll.mutate(user._id)}
          >
            {t('sessions.signOutEverywhere')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** An administrator's view of where someone is signed in, with Sign out everywhere where `mayEnd`. */
export function UserSessionsDialog({
  user,
  mayEnd,
  onClose,
}: {
  user: { _id: string; name: string } | null;
  mayEnd: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={user !== null} onClose={onClose} title={t('sessions.ofUser', { name: user?.name ?? '' })}>
      {user && <UserSessions user={user} mayEnd={mayEnd} />}
    </Modal>
  );
}
