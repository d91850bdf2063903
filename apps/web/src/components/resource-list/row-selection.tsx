import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const NONE: ReadonlySet<string> = new Set();

/**
 * The rows chosen for a bulk action, on the page `view` names (its page, search, sort and
 * filters). A new view starts with none chosen: a row chosen before a filter changed is not ticked
 * again when the new page holds it too, and only the rows on the page can ever be acted on.
 */
export function useRowSelection<Row extends { _id: string }>(rows: readonly Row[], view: string) {
  const [state, setState] = useState({ view, chosen: NONE });
  const chosen = state.view === view ? state.chosen : NONE;
  const update = (change: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setState((current) => ({ view, chosen: change(current.view === view ? current.chosen : NONE) }));
  const selected = rows.filter((row) => chosen.has(row._id));
  const isAllChosen = rows.length > 0 && selected.length === rows.length;
  return {
    selected,
    isChosen: (id: string) => chosen.has(id),
    isAllChosen,
    isEmpty: rows.length === 0,
    toggle: (id: string) =>
      update((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () => update(() => (isAllChosen ? NONE : new Set(rows.map((row) => row._id)))),
    clear: () => update(() => NONE),
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
