import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const NONE: ReadonlySet<string> = new Set();

type State = { view: string; chosen: ReadonlySet<string>; anchor?: string };

/**
 * The rows chosen for a bulk action, on the page `view` describes (its page, search, sort and
 * filters: the list's query). A new view starts with none chosen: a row chosen before a filter
 * changed is not ticked again when the new page holds it too, and only the rows on the page can
 * ever be acted on. Shift with a click (or Shift+Space) gives every row from the last one ticked or
 * unticked to this one the state this one takes, as in a mail client.
 */
export function useRowSelection<Row extends { _id: string }>(rows: readonly Row[], view: object) {
  const viewKey = JSON.stringify(view);
  const [state, setState] = useState<State>({ view: viewKey, chosen: NONE });
  const inView = (last: State): State => (last.view === viewKey ? last : { view: viewKey, chosen: NONE });
  const { chosen } = inView(state);
  const update = (change: (current: State) => Omit<State, 'view'>) =>
    setState((last) => ({ view: viewKey, ...change(inView(last)) }));
  const selected = rows.filter((row) => chosen.has(row._id));
  const isAllChosen = rows.length > 0 && selected.length === rows.length;
  return {
    selected,
    isChosen: (id: string) => chosen.has(id),
    isAllChosen,
    isEmpty: rows.length === 0,
    toggle: (id: string, extend = false) =>
      update(({ chosen, anchor }) => {
        const ids = rows.map((row) => row._id);
        const at = ids.indexOf(id);
        const from = extend && anchor !== undefined ? ids.indexOf(anchor) : -1;
        const range = from >= 0 && at >= 0 ? ids.slice(Math.min(from, at), Math.max(from, at) + 1) : [id];
        const isChosenNow = !chosen.has(id);
        const next = new Set(chosen);
        for (const rangeId of range) {
          if (isChosenNow) next.add(rangeId);
          else next.delete(rangeId);
        }
        return { chosen: next, anchor: id };
      }),
    toggleAll: () => update(() => ({ chosen: isAllChosen ? NONE : new Set(rows.map((row) => row._id)) })),
    clear: () => update(() => ({ chosen: NONE })),
  };
}

type Selection = ReturnType<typeof useRowSelection>;

/** The header's "select all on this page"; mixed (half-ticked) while some rows are chosen. */
export function SelectPageBox({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const isSome = selection.selected.length > 0 && !selection.isAllChosen;
  return (
    <input
      type="checkbox"
      ref={(box) => {
        if (box) box.indeterminate = isSome;
      }}
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
      // A checkbox's change comes from a click, Space included, which says whether Shift was held.
      onChange={(event) => selection.toggle(id, (event.nativeEvent as MouseEvent).shiftKey === true)}
      aria-label={t('list.selectRow', { row: label })}
      className="size-4 accent-brand-600"
    />
  );
}
