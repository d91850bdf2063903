import { dateTimeFormat } from '@community/shared';
import * as Popover from '@radix-ui/react-popover';
import { Bell, Check, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Notification } from '@community/shared';
import { IconButton } from '../../../components/ui/icon-button';
import { getErrorMessage } from '../../../lib/api-client';
import { useFocusWhenShown } from '../../../lib/use-focus-when-shown';
import { useNotifications, useUnreadNotificationCount } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** Past 99 the badge says 99+. */
const BADGE_CAP = 99;
const badgeText = (unread: number) => (unread > BADGE_CAP ? `${BADGE_CAP}+` : String(unread));

/** The admin app's routes are relative to /admin; other paths belong to the public site. */
function NotificationLink({ link, title, onOpen }: { link: string; title: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const className = 'text-xs font-medium text-brand-700 underline';
  // Each named by its notification: a screen reader's list of links tells them apart.
  const name = t('notifications.openOf', { title });
  if (link === '/admin' || link.startsWith('/admin/')) {
    return (
      <Link to={link.slice('/admin'.length) || '/'} onClick={onOpen} aria-label={name} className={className}>
        {t('notifications.open')}
      </Link>
    );
  }
  return (
    <a href={link} onClick={onOpen} aria-label={name} className={className}>
      {t('notifications.open')}
    </a>
  );
}

/** The panel's title, where the focus goes when no unread notification is left to go to. */
const TITLE = 'title';

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const badge = useUnreadNotificationCount();
  const unread = badge.data ?? 0;
  const list = useNotifications({ isOpen, unread: badge.data });
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const onMarkError = (error: unknown) => toast.error(getErrorMessage(error, t('notifications.markError')));
  // Marking read takes the pressed button away or disables it: the focus stays in the panel, on the
  // next unread notification's button, or else on the panel's title. Keyed by notification.
  const { focusWhenShown, focusTarget } = useFocusWhenShown();
  const markRead = (notification: Notification) => {
    const shown = list.data?.data ?? [];
    const after = shown.slice(shown.indexOf(notification) + 1).find((next) => !next.readAt);
    markOne.mutate(notification._id, {
      onSuccess: () => focusWhenShown(after?._id ?? TITLE),
      onError: onMarkError,
    });
  };

  const label = unread > 0 ? t('notifications.labelUnread', { count: unread }) : t('notifications.label');
  let content;
  if (list.isPending)
    content = <p className="px-4 py-6 text-center text-sm text-slate-600">{t('notifications.loading')}</p>;
  else if (list.isError)
    content = (
      <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
        {t('notifications.failed')}
      </p>
    );
  else if (list.data.data.length === 0)
    content = <p className="px-4 py-6 text-center text-sm text-slate-600">{t('notifications.empty')}</p>;
  else
    content = (
      <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
        {list.data.data.map((notification: Notification) => (
          <li key={notification._id} className={`flex gap-3 px-4 py-3 ${notification.readAt ? '' : 'bg-brand-50'}`}>
            <div className="min-w-0 flex-1">
              <p className={`text-sm text-slate-900 ${notification.readAt ? '' : 'font-semibold'}`}>
                {notification.title}
              </p>
              {notification.body && <p className="mt-0.5 break-words text-sm text-slate-700">{notification.body}</p>}
              <div className="mt-1 flex items-center gap-3 text-xs text-slate-600">
                <time dateTime={notification.createdAt}>{dateFormat.format(new Date(notification.createdAt))}</time>
                {notification.link && (
                  <NotificationLink
                    link={notification.link}
                    title={notification.title}
                    onOpen={() => {
                      // Opened, it has been seen to.
                      if (!notification.readAt) markOne.mutate(notification._id, { onError: onMarkError });
                      setIsOpen(false);
                    }}
                  />
                )}
              </div>
            </div>
            {!notification.readAt && (
              <IconButton
                icon={<Check className="size-4" aria-hidden />}
                ref={focusTarget(notification._id)}
                onClick={() => markRead(notification)}
                disabled={markOne.isPending && markOne.variables === notification._id}
                className="self-start"
                aria-label={t('notifications.markReadOf', { title: notification.title })}
                title={t('notifications.markRead')}
              />
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={label}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
            aria-hidden
          >
            {badgeText(unread)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('notifications.title')}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h2
              ref={focusTarget(TITLE)}
              tabIndex={-1}
              className="rounded text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t('notifications.title')}
            </h2>
            {/* Offered once there is something in the list to mark. */}
            {(list.data?.data.length ?? 0) > 0 && (
              <IconButton
                look="link"
                icon={<CheckCheck className="size-4" aria-hidden />}
                onClick={() =>
                  markAll.mutate(undefined, { onSuccess: () => focusWhenShown(TITLE), onError: onMarkError })
                }
                disabled={unread === 0 || markAll.isPending}
              >
                {t('notifications.markAll')}
              </IconButton>
            )}
          </div>
          {content}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
