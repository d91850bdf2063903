import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useFocusRescue } from '../../../lib/use-focus-rescue';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/get-my-sessions';
import { SessionList } from './session-list';

/** Where I am signed in: sign one out, or every one but this. */
export function MySessionsCard() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const endOne = useEndSession({ mutationConfig: { onSuccess: () => toast.success(t('sessions.ended')) } });
  const endOthers = useEndOtherSessions({
    mutationConfig: { onSuccess: ({ revoked }) => toast.success(t('sessions.endedOthers', { count: revoked })) },
  });
  const error = sessions.error ?? endOne.error ?? endOthers.error;
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;
  // A session signed out takes its button with it, and signing out the others leaves theirs
  // disabled: the focus goes to the card's title rather than the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRescue = useFocusRescue(heading, sessions.data);
  return (
    <section
      onFocus={focusRescue.onFocus}
      aria-labelledby="my-sessions"
      className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={heading}
          id="my-sessions"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {t('sessions.title')}
        </h2>
        <Button
          variant="secondary"
          disabled={others === 0}
          isBusy={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {t('sessions.signOutOthers')}
        </Button>
      </div>
      {error && <Alert tone="error">{getErrorMessage(error, t('sessions.error'))}</Alert>}
      {sessions.isPending && <p className="text-sm text-slate-600">{t('common.loading')}</p>}
      {sessions.data && (
        <SessionList
          sessions={sessions.data.data}
          onEnd={(session) => endOne.mutate(session._id)}
          endingId={endOne.isPending ? endOne.variables : undefined}
        />
      )}
    </section>
  );
}
