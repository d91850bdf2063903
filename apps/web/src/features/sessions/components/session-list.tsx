import { dateTimeFormat } from '@community/shared';
import { LogOut, Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@community/shared';
import { IconButton } from '../../../components/ui/icon-button';

/** "Firefox on Linux", or whichever half is known, or "Unknown device". */
export function useDeviceName() {
  const { t } = useTranslation();
  return ({ browser, system }: Session['device']) =>
    browser && system ? t('sessions.device', { browser, system }) : (browser ?? system ?? t('sessions.unknownDevice'));
}

/** Sessions, each with its device, address and times; `onEnd` offers Sign out on the others. */
export function SessionList({
  sessions,
  onEnd,
  endingId,
}: {
  sessions: Session[];
  onEnd?: (session: Session) => void;
  endingId?: string;
}) {
  const { t, i18n } = useTranslation();
  const deviceName = useDeviceName();
  const when = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  if (sessions.length === 0) return <p className="text-sm text-slate-600">{t('sessions.none')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {sessions.map((session) => (
        <li key={session._id} className="flex items-start gap-3 py-3">
          <Monitor className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-slate-900">
              {deviceName(session.device)}
              {session.current && (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                  {t('sessions.thisDevice')}
                </span>
              )}
            </p>
            <p className="text-slate-600">
              {t('sessions.details', {
                ip: session.ip ?? '–',
                lastSeen: when.format(new Date(session.lastSeenAt)),
                since: when.format(new Date(session.createdAt)),
              })}
            </p>
          </div>
          {onEnd && !session.current && (
            <IconButton
              look="small"
              icon={<LogOut className="size-3.5" aria-hidden />}
              isBusy={endingId === session._id}
              onClick={() => onEnd(session)}
              aria-label={t('sessions.signOutOne', { device: deviceName(session.device) })}
            >
              {t('sessions.signOut')}
            </IconButton>
          )}
        </li>
      ))}
    </ul>
  );
}
