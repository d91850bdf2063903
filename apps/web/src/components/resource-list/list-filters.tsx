import { dateTimeFormat } from '@community/shared';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isEmptyRange } from '../../lib/local-day';
import { DateField } from '../ui/date-field';
import { SelectField } from '../ui/select-field';

type Option = { value: string; label: string };

/** A named filter of a list, as its API reads it: `true`/`false`, an ISO date, or one of a few values. */
export type ListFilter =
  | { name: string; label: string; kind: 'boolean' }
  /** `endOf` names the date filter whose range this one ends, on the first day left out. */
  | { name: string; label: string; kind: 'date'; endOf?: string }
  | { name: string; label: string; kind: 'choice'; options: Option[] };

type Props = {
  filters: readonly ListFilter[];
  values: Record<string, string>;
  onChange: (changes: Record<string, string | undefined>) => void;
};

/** What a filter's value reads as in its chip; a value typed into the address reads as typed. */
function shownValue(filter: ListFilter, value: string, yesNo: { yes: string; no: string }, date: Intl.DateTimeFormat) {
  if (filter.kind === 'boolean') return value === 'true' ? yesNo.yes : value === 'false' ? yesNo.no : value;
  if (filter.kind === 'choice') return filter.options.find((option) => option.value === value)?.label ?? value;
  const day = new Date(`${value}T00:00:00`);
  return Number.isNaN(day.getTime()) ? value : date.format(day);
}

/** The list's filters, then a chip for each one in use that clears it alone, and one that clears all. */
export function ListFilters({ filters, values, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const yesNo = { yes: t('common.yes'), no: t('common.no') };
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  const active = filters.filter((filter) => values[filter.name]);
  const rangeError = (end: Extract<ListFilter, { kind: 'date' }>) => {
    const start = filters.find((filter) => filter.name === end.endOf);
    return start && isEmptyRange(values[start.name], values[end.name], { endIsLeftOut: true })
      ? t('list.emptyRange')
      : undefined;
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {filters.map((filter) =>
          filter.kind === 'date' ? (
            <DateField
              key={filter.name}
              label={filter.label}
              value={values[filter.name] ?? ''}
              onChange={(value) => onChange({ [filter.name]: value || undefined })}
              error={rangeError(filter)}
              className="bg-white"
            />
          ) : (
            <SelectField
              key={filter.name}
              label={filter.label}
              placeholder={t('list.any')}
              options={
                filter.kind === 'boolean'
                  ? [
                      { value: 'true', label: yesNo.yes },
                      { value: 'false', label: yesNo.no },
                    ]
                  : filter.options
              }
              value={values[filter.name] ?? ''}
              onChange={(event) => onChange({ [filter.name]: event.target.value || undefined })}
            />
          ),
        )}
      </div>
      {active.length > 0 && (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t('list.activeFilters')}>
          {active.map((filter) => {
            const text = `${filter.label}: ${shownValue(filter, values[filter.name]!, yesNo, date)}`;
            return (
              <li key={filter.name}>
                <button
                  type="button"
                  onClick={() => onChange({ [filter.name]: undefined })}
                  aria-label={t('list.removeFilter', { filter: text })}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-800 hover:underline"
                >
                  {text}
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
          {active.length > 1 && (
            <li>
              <button
                type="button"
                onClick={() => onChange(Object.fromEntries(active.map((filter) => [filter.name, undefined])))}
                className="text-sm text-slate-700 underline"
              >
                {t('list.clearFilters')}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
