import { Trash2 } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import type { EntryRow } from '../entry-rows';

type Props = {
  row: EntryRow;
  /** The row's place among the rows the filter shows, counted from 0. */
  index: number;
  /** Just added: its key field takes the focus once drawn. */
  isAdded: boolean;
  /** Another row has the same key: only one of the two texts could be stored. */
  isRepeated: boolean;
  measure: (element: HTMLTableRowElement | null) => void;
  onEdit: (id: number, change: Partial<EntryRow>) => void;
  onDelete: (id: number) => void;
  onLeaveAdded: () => void;
  /** Shown, not edited: for someone who may read the texts but not save them. */
  isReadOnly: boolean;
};

/**
 * One text's key, text and delete button. Drawn again only when its own row changes: a keystroke
 * redraws the row typed in, not every row in view.
 */
export const EntryRowFields = memo(function EntryRowFields({
  row,
  index,
  isAdded,
  isRepeated,
  measure,
  onEdit,
  onDelete,
  onLeaveAdded,
  isReadOnly,
}: Props) {
  const { t } = useTranslation();
  const key = row.key.trim() || '—';
  return (
    // The header is row 1.
    <tr ref={measure} data-index={index} aria-rowindex={index + 2}>
      <td className="px-3 py-1.5 align-top">
        {/* Key and text grow to the lines they need (a text up to ten), so they read whole on a
            phone; a key has no line breaks of its own (Enter adds none, a pasted one is dropped). */}
        <textarea
          value={row.key}
          rows={1}
          readOnly={isReadOnly}
          autoFocus={isAdded}
          onBlur={isAdded ? onLeaveAdded : undefined}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          onChange={(event) => onEdit(row.id, { key: event.target.value.replace(/[\r\n]+/g, '') })}
          aria-label={t('translations.keyOf', { key })}
          aria-invalid={isRepeated || undefined}
          aria-describedby={isRepeated ? `repeated-${row.id}` : undefined}
          className="block w-full resize-none break-all rounded border border-slate-300 px-2 py-1 font-mono text-xs field-sizing-content read-only:border-transparent aria-invalid:border-red-600"
        />
        {isRepeated && (
          <p id={`repeated-${row.id}`} className="mt-1 text-xs text-red-700">
            {t('translations.keyRepeated')}
          </p>
        )}
      </td>
      <td className="px-3 py-1.5">
        <textarea
          value={row.value}
          readOnly={isReadOnly}
          rows={Math.min(4, Math.max(1, Math.ceil(row.value.length / 60)))}
          onChange={(event) => onEdit(row.id, { value: event.target.value })}
          aria-label={t('translations.valueOf', { key })}
          className="block max-h-40 w-full resize-y rounded border border-slate-300 px-2 py-1 text-sm field-sizing-content read-only:resize-none read-only:border-transparent"
        />
      </td>
      <td className="px-3 py-1.5 align-top">
        {!isReadOnly && (
          <IconButton
            look="danger"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={() => onDelete(row.id)}
            aria-label={t('translations.deleteRow', { key })}
          />
        )}
      </td>
    </tr>
  );
});
