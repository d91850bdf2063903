import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  field: string;
  /** The list's order now: `field` or `-field`. */
  sort: string;
  onSort: (sort: string) => void;
};

/** A column header that sorts by its column: ascending first, then descending; `aria-sort` says which. */
export function SortHeader({ label, field, sort, onSort }: Props) {
  const { t } = useTranslation();
  const state = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={state} className="px-4 py-2 font-medium">
      <button
        type="button"
        onClick={() => onSort(state === 'ascending' ? `-${field}` : field)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-brand-600"
        title={t(state === 'ascending' ? 'list.sortDescending' : 'list.sortAscending', { column: label })}
      >
        {label}
        <Icon className={`size-3.5 ${state === 'none' ? 'text-slate-400' : 'text-slate-900'}`} aria-hidden />
      </button>
    </th>
  );
}
