import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The rows chosen for a bulk action. Only rows on the page count, and only they show a tick:
 * turning the page or filtering leaves the others behind.
 */
export function useRowSelection<Row extends { _id: string }>(rows: readonly Row[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = rows.filter((row) => chosen.has(row._id));
  const selectedIds = new Set(selected.map((row) => row._id));
  const isAllChosen = rows.length > 0 && selected.length === rows.length;
  return {
    selected,
    isChosen: (id: string) => selectedIds.has(id),
    isAllChosen,
    isEmpty: rows.length === 0,
    toggle: (id: string) =>
      setChosen((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () => setChosen(isAllChosen ? new Set() : new Set(rows.map((row) => row._id))),
    clear: () => setChosen(new Set()),
  };
}

type Selection = ReturnType<typeof useRowSelection>;

/** The header's "select all on this page". */
export function SelectPageBox({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      checked={selection.isAllChosen}
      disabled={selection.isEmpty}
      onChange={selection.toggleAll}
      aria-label={t('list.selectPage')}
      className="size-4 accent-brand-600"
    />
  );
}

/** A row's checkbox, named after the row for screen readers. */
export function SelectRowBox({
  selection,
  id,
  label,
  isDisabled = false,
}: {
  selection: Selection;
  id: string;
  label: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      checked={selection.isChosen(id)}
      disabled={isDisabled}
      onChange={() => selection.toggle(id)}
      aria-label={t('list.selectRow', { row: label })}
      className="size-4 accent-brand-600"
    />
  );
}
