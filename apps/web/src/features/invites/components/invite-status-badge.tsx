import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteStatusView } from '../invite-status';

const looks: Record<InviteStatusView, string> = {
  confirming: 'bg-violet-100 text-violet-900',
  uses: 'bg-sky-100 text-sky-900',
  revoked: 'bg-slate-200 text-slate-800',
  submitted: 'bg-amber-100 text-amber-900',
  used: 'bg-green-100 text-green-900',
  expired: 'bg-red-100 text-red-900',
  rejected: 'bg-slate-200 text-slate-800',
  notUsed: 'bg-sky-100 text-sky-900',
};

type Props = {
  view: InviteStatusView;
  usedAt?: string;
  uses?: { taken: number; of: number };
  /** Given, the badge can take the focus (not by Tab): where a decision that changed it leaves it. */
  focusRef?: Ref<HTMLSpanElement>;
};

export function InviteStatusBadge({ view, usedAt, uses, focusRef }: Props) {
  const { t } = useTranslation();
  const label =
    view === 'used'
      ? t('invites.status.used', { date: usedAt ?? '' })
      : view === 'uses'
        ? t('invites.status.uses', { taken: uses?.taken ?? 0, of: uses?.of ?? 0 })
        : t(`invites.status.${view}`);
  return (
    <span
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      className={`inline-block rounded px-2 py-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${looks[view]}`}
    >
      {label}
    </span>
  );
}
