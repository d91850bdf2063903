import { ArrowDownAZ, Plus } from 'lucide-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { newRow, repeatedKeys, type EntryRow } from '../entry-rows';
import { EntryRowFields } from './entry-row-fields';

/**
 * `onChange` takes the change as a function of the rows, so that the rows' callbacks stay the same.
 * The filter is kept by the screen, so that a save (a fresh table) or another language keeps it.
 */
type Props = {
  rows: EntryRow[];
  onChange: (change: (rows: EntryRow[]) => EntryRow[]) => void;
  filter: string;
  onFilter: (filter: string) => void;
  /** The texts are shown, not edited: no new row, no delete, fields read-only. */
  isReadOnly: boolean;
};

/** Text as the filter compares it: any case, without accents ("προφιλ" finds "Προφίλ"), ς as σ. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ');

/** The height of a row with a one-line text, until the row is drawn and measured. */
const ROW_ESTIMATE_PX = 46;
/** Rows drawn beyond each edge of the view, so that scrolling and Tab find them ready. */
const ROWS_BEYOND_VIEW = 8;

/**
 * Key and text per row; the filter only hides rows, it never drops them. A language has some 800
 * texts: only the rows in view are drawn (and measured, as texts wrap and fields are resized), so
 * that typing, saving and generating stay quick on a slow device.
 */
export function EntriesTable({ rows, onChange, filter, onFilter, isReadOnly }: Props) {
  const { t } = useTranslation();
  // The row just added, whose key field takes the focus once it is drawn.
  const [added, setAdded] = useState<number>();
  const scroller = useRef<HTMLDivElement>(null);
  const needle = folded(filter.trim());
  const visible = needle
    ? rows.filter((row) => folded(row.key).includes(needle) || folded(row.value).includes(needle))
    : rows;
  // The app is not built with React Compiler, whose memoising this library's functions would defeat.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => visible[index]!.id,
    overscan: ROWS_BEYOND_VIEW,
  });
  const drawn = virtualizer.getVirtualItems();
  const repeated = useMemo(() => repeatedKeys(rows), [rows]);
  const spaceBefore = drawn[0]?.start ?? 0;
  const spaceAfter = virtualizer.getTotalSize() - (drawn.at(-1)?.end ?? 0);
  // Back to the top when the filter changes or a text is added, once the change is drawn (the
  // virtualizer, measuring the rows it draws, would put back the offset it saw before). A block:
  // scrollTo answers a promise in recent browsers, which React would take for a clean-up.
  const toTop = () => {
    scroller.current?.scrollTo({ top: 0 });
  };
  useEffect(toTop, [needle]);
  useEffect(() => {
    if (added !== undefined) toTop();
  }, [added]);
  const edit = useCallback(
    (id: number, change: Partial<EntryRow>) =>
      onChange((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row))),
    [onChange],
  );
  const remove = useCallback((id: number) => onChange((all) => all.filter((row) => row.id !== id)), [onChange]);
  const leaveAdded = useCallback(() => setAdded(undefined), []);

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
            onChange={(event) => onFilter(event.target.value)}
            placeholder={t('translations.filter')}
            aria-label={t('translations.filter')}
            className="w-72 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <Button
            variant="secondary"
            onClick={() => onChange((all) => [...all].sort((a, b) => a.key.localeCompare(b.key)))}
          >
            <ArrowDownAZ className="size-4" aria-hidden />
            {t('translations.sort')}
          </Button>
          {!isReadOnly && (
            <Button
              variant="secondary"
              onClick={() => {
                const row = newRow();
                onFilter('');
                setAdded(row.id);
                onChange((all) => [row, ...all]);
              }}
            >
              <Plus className="size-4" aria-hidden />
              {t('translations.addRow')}
            </Button>
          )}
        </div>
      </div>
      <div ref={scroller} className="max-h-[60vh] overflow-auto rounded-lg border border-slate-200 bg-white">
        {/* The row count and indices tell assistive technology of the rows not drawn. */}
        <table aria-rowcount={visible.length + 1} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="sticky top-0 z-10 bg-slate-50 text-left text-slate-700">
            <tr aria-rowindex={1}>
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
            {spaceBefore > 0 && <tr aria-hidden style={{ height: spaceBefore }} />}
            {drawn.map((item) => {
              const row = visible[item.index]!;
              return (
                <EntryRowFields
                  key={row.id}
                  row={row}
                  index={item.index}
                  isAdded={row.id === added}
                  isRepeated={repeated.has(row.key.trim())}
                  measure={virtualizer.measureElement}
                  onEdit={edit}
                  onDelete={remove}
                  onLeaveAdded={leaveAdded}
                  isReadOnly={isReadOnly}
                />
              );
            })}
            {spaceAfter > 0 && <tr aria-hidden style={{ height: spaceAfter }} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
