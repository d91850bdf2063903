import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuditLogFilters } from '@community/shared';
import { Combobox, type UseComboboxOptions } from '../../../components/ui/combobox';
import { DateField } from '../../../components/ui/date-field';
import { IconButton } from '../../../components/ui/icon-button';
import { SelectField } from '../../../components/ui/select-field';
import { isEmptyRange } from '../../../lib/local-day';

/** The kinds of entry one can ask for: every action under each prefix. */
export const ACTION_GROUPS = [
  'auth.',
  'session.',
  'user.',
  'role.',
  'user_role.',
  'permission.',
  'client_permission.',
  'invite.',
  'translation.',
  'profile.',
  'image.',
  'contact.',
  'event.',
  'mfa.',
  'privacy.',
] as const;

/** What the screen filters by, as kept in its URL; the actor's name rides along to show it. */
export type AuditScreenFilters = Omit<AuditLogFilters, 'page' | 'limit'> & { actorName?: string; targetLabel?: string };

type Props = {
  filters: AuditScreenFilters;
  onChange: (changes: Partial<AuditScreenFilters>) => void;
  useActorOptions: UseComboboxOptions;
};

/** Actor (searched as one types), kind of action, date range, and the target when one was chosen. */
export function AuditFilters({ filters, onChange, useActorOptions }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Combobox
          label={t('audit.filters.actor')}
          placeholder={t('audit.filters.actorPlaceholder')}
          value={filters.actor ? { value: filters.actor, label: filters.actorName ?? filters.actor } : null}
          onChange={(option) => onChange({ actor: option?.value, actorName: option?.label })}
          useOptions={useActorOptions}
        />
        <SelectField
          label={t('audit.filters.action')}
          placeholder={t('audit.filters.everyAction')}
          options={ACTION_GROUPS.map((group) => ({ value: group, label: t(`audit.groups.${group.slice(0, -1)}`) }))}
          value={filters.action ?? ''}
          onChange={(event) => onChange({ action: event.target.value || undefined })}
        />
        <DateField
          label={t('audit.filters.from')}
          value={String(filters.from ?? '')}
          onChange={(value) => onChange({ from: value || undefined })}
        />
        <DateField
          label={t('audit.filters.to')}
          value={String(filters.to ?? '')}
          onChange={(value) => onChange({ to: value || undefined })}
          // The To day is taken in whole: only a day before From leaves nothing.
          error={
            isEmptyRange(filters.from && String(filters.from), filters.to && String(filters.to))
              ? t('list.emptyRange')
              : undefined
          }
        />
      </div>
      {filters.targetId && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-brand-800">
            {t('audit.filters.about', { target: filters.targetLabel ?? filters.targetId })}
            <IconButton
              icon={<X className="size-3.5" aria-hidden />}
              onClick={() => onChange({ targetType: undefined, targetId: undefined, targetLabel: undefined })}
              aria-label={t('audit.filters.clearTarget')}
            />
          </span>
        </p>
      )}
    </div>
  );
}
