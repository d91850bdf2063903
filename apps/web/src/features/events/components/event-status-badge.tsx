import { useTranslation } from 'react-i18next';
import type { EventStatus } from '@community/shared';

const looks: Record<EventStatus, string> = {
  draft: 'bg-slate-200 text-slate-800',
  published: 'bg-green-100 text-green-900',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${looks[status]}`}>
      {t(`events.status.${status}`)}
    </span>
  );
}
