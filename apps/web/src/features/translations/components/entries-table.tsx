import { ArrowDownAZ, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { newRow, type EntryRow } from '../entry-rows';

type Props = { rows: EntryRow[]; onChange: (rows: EntryRow[]) => void };

/** Key and text per row; the filter only hides rows, it never drops them. */
export function EntriesTable({ rows, onChange }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const visible = needle
    ? rows.filter((row) => row.key.toLowerCase().includes(needle) || row.value.toLowerCase().includes(needle))
    : rows;
  const update = (id: number, change: Partial<EntryRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));

  return (
    <section aria-labelledby="entries-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="entries-title" className="text-lg font-semibold text-slate-900">
          {t('translations.entries', { count: rows.length })}
        </h2>
        <div className="flex flex-wrap gap-2">
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t('translations.filter')}
            aria-label={t('translations.filter')}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <Button variant="secondary" onClick={() => onChange([...rows].sort((a, b) => a.key.localeCompare(b.key)))}>
            <ArrowDownAZ className="size-4" aria-hidden />
            {t('translations.sort')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setFilter('');
              onChange([newRow(), ...rows]);
            }}
          >
            <Plus className="size-4" aria-hidden />
            {t('translations.addRow')}
          </Button>
        </div>
      </div>
      <div className="max-h-[60vh] overflow-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="sticky top-0 bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="w-2/5 px-3 py-2 font-medium">
                {t('translations.key')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('translations.value')}
              </th>
              <th scope="col" className="w-12 px-3 py-2">
                <span className="sr-only">{t('list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {visible.length === 0 && (
              <tr>
                <td colSpan={3} className="px-3 py-6 text-center text-slate-600">
                  {t('translations.noEntries')}
                </td>
              </tr>
            )}
            {visible.map((row) => (
              <tr key={row.id}>
                <td className="px-3 py-1.5 align-top">
                  <input
                    value={row.key}
                    onChange={(event) => update(row.id, { key: event.target.value })}
                    aria-label={t('translations.keyOf', { key: row.key.trim() || '—' })}
                    className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
                  />
                </td>
                <td className="px-3 py-1.5">
                  <textarea
                    value={row.value}
                    rows={Math.min(4, Math.max(1, Math.ceil(row.value.length / 60)))}
                    onChange={(event) => update(row.id, { value: event.target.value })}
                    aria-label={t('translations.valueOf', { key: row.key.trim() || '—' })}
                    className="w-full resize-y rounded border border-slate-300 px-2 py-1 text-sm"
                  />
                </td>
                <td className="px-3 py-1.5 align-top">
                  <IconButton
                    look="danger"
                    icon={<Trash2 className="size-4" aria-hidden />}
                    onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
                    aria-label={t('translations.deleteRow', { key: row.key.trim() || '—' })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
