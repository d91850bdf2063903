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

type Props = { view: InviteStatusView; usedAt?: string; uses?: { taken: number; of: number } };

export function InviteStatusBadge({ view, usedAt, uses }: Props) {
  const { t } = useTranslation();
  const label =
    view === 'used'
      ? t('invites.status.used', { date: usedAt ?? '' })
      : view === 'uses'
        ? t('invites.status.uses', { taken: uses?.taken ?? 0, of: uses?.of ?? 0 })
        : t(`invites.status.${view}`);
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${looks[view]}`}>{label}</span>;
}
