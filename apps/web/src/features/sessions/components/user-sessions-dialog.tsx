import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
  // Everyone is signed out at once, and has to sign in again: asked first, as a delete is.
  const [isAsking, setIsAsking] = useState(false);
  const error = sessions.error ?? endAll.error;
  const count = sessions.data?.data.length ?? 0;
  return (
    <div className="flex flex-col gap-3">
      {error && <Alert tone="error">{getErrorMessage(error, t('sessions.error'))}</Alert>}
      {sessions.isPending && <p className="text-sm text-slate-600">{t('common.loading')}</p>}
      {sessions.data && <SessionList sessions={sessions.data.data} />}
      {mayEnd && (
        <div className="flex justify-end">
          <Button disabled={count === 0} isBusy={endAll.isPending} onClick={() => setIsAsking(true)}>
            {t('sessions.signOutEverywhere')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={isAsking}
        onCancel={() => setIsAsking(false)}
        onConfirm={() => {
          setIsAsking(false);
          endAll.mutate(user._id);
        }}
        title={t('sessions.signOutEverywhere')}
        text={t('sessions.endAllQuestion', { count, name: user.name })}
        confirmLabel={t('sessions.signOutEverywhere')}
        cancelLabel={t('common.cancel')}
      />
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
