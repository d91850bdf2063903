import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ListResponse } from '@community/shared';
import { getErrorMessage } from '../../lib/api-client';
import { useFocusRescue } from '../../lib/use-focus-rescue';
import type { ListParams } from '../../lib/list-query';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { PINNED_ACTIONS, UNDER_PINNED_ACTIONS } from './pinned-actions';
import { IconButton } from '../ui/icon-button';
import { Modal } from '../ui/modal';
import { BulkActions, type BulkAction, type UseBulk } from './bulk-actions';
import { ExportButton, type UseExport } from './export-button';
import { ListFilters, type ListFilter } from './list-filters';
import { PaginationBar } from './pagination';
import { ListTitle } from './list-title';
import { emptyListText, noMatchesText } from './total-text';
import { ForbiddenScreen, isForbidden } from './forbidden-screen';
import { SelectPageBox, SelectRowBox, useRowSelection } from './row-selection';
import { SortHeader } from './sort-header';
import { useListUrl } from './use-list-url';

/**
 * A column: `sort` names the field it sorts by, when the list's API sorts by it; `isShort` marks a
 * word or two (a type, a method) kept whole when the columns share too little width; `isToken` an
 * address, route or path without spaces, which may break anywhere rather than widen its column.
 */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  sort?: string;
  isShort?: boolean;
  isToken?: boolean;
};

/** A run this long without a space or hyphen is no word of a name or a title: it may break anywhere too. */
const TOKEN_LIKE = /[^\s-]{25,}/;

/**
 * Text breaks between words, so a name or a status never splits between letters however the
 * columns share the width; a token breaks anywhere on a wide screen rather than push the actions
 * out of view (on a phone the table scrolls sideways instead).
 */
function cellWrap(column: Column<never>, content: ReactNode) {
  if (column.isShort) return 'whitespace-nowrap';
  const isToken = column.isToken === true || (typeof content === 'string' && TOKEN_LIKE.test(content));
  return isToken ? 'break-words md:wrap-anywhere' : 'break-words';
}

type Texts = {
  title: string;
  add: string;
  searchPlaceholder: string;
  fetchError: string;
  deleted: string;
  deleteError: string;
  createTitle: string;
  editTitle: string;
  deleteTransportError?: string;
};

/** A feature's list hook, such as `useUsers`: the screen says which page, search, sort and filters it shows. */
type UseList<Row> = (params: ListParams) => UseQueryResult<ListResponse<Row>>;
/** A feature's delete hook, such as `useDeleteUser`: it refreshes the feature's lists itself. */
type UseDelete = () => UseMutationResult<unknown, Error, string>;

/** With a form, rows can be added, edited and deleted; `row` is absent when creating. */
type Editable<Row> = {
  renderForm: (props: { row?: Row; onDone: () => void }) => ReactNode;
  useDelete: UseDelete;
  /** What the delete confirmation says of this row, when the generic question is not enough. */
  deleteText?: (row: Row) => ReactNode;
};
/** Without a form the list is read-only. */
type ReadOnly = { renderForm?: undefined; useDelete?: undefined; deleteText?: undefined };

/** What the person may do on a list; the server refuses the rest, so the screen offers none of it. */
export type ListRights = { create: boolean; edit: boolean; delete: boolean; bulk: boolean; export: boolean };

const EVERY_RIGHT: ListRights = { create: true, edit: true, delete: true, bulk: true, export: true };

/** The hooks make the screen: it knows no API path, only what the feature's hooks answer. */
type Props<Row extends { _id: string }> = {
  useList: UseList<Row>;
  texts: Texts;
  columns: Column<Row>[];
  /** A row as its buttons and checkbox name it for a screen reader: "Edit Editors". */
  rowName: (row: Row) => string;
  /** Extra buttons beside Add New (e.g. Reinitiate Permissions). */
  actions?: ReactNode;
  /** Buttons of a row before Edit and Delete (e.g. a person's sessions). */
  rowActions?: (row: Row) => ReactNode;
  /** The order the API answers when none is asked: the header it names shows as sorted. */
  defaultSort?: string;
  filters?: readonly ListFilter[];
  /** Rows can be chosen, on this page, and acted on at once. */
  bulk?: { actions: readonly BulkAction[]; useBulk: UseBulk };
  /** Saves every row the search, sort and filters match as a file. */
  useExport?: UseExport;
  /** Which of Add New, Edit, Delete, the bulk actions and the export the person may use: all when absent. */
  rights?: ListRights;
  /** Why the server would refuse to delete this row (a seeded role, one's own account), if it would. */
  whyUndeletable?: (row: Row) => string | undefined;
  /** Why the server would refuse any change to this row (a person beyond the reader's grants), if it would. */
  whyUnchangeable?: (row: Row) => string | undefined;
} & (Editable<Row> | ReadOnly);

/** Stands in for the delete hook of a read-only list, so the same hooks run on every render. */
const useNoDelete = (): ReturnType<UseDelete> | undefined => undefined;

const NO_FILTERS: readonly ListFilter[] = [];

/**
 * A list screen: its title with the total, Add New, a search that goes back to page 1, filters
 * with their chips, headers that sort, the table paged above and below, edit in a dialog, delete
 * after a confirmation, and with `bulk` a checkbox per row and actions on the chosen. Page,
 * search, sort and filters live in the URL.
 */
export function ResourceScreen<Row extends { _id: string }>(props: Props<Row>) {
  const { useList, texts, columns, rowName, renderForm, actions, rowActions, defaultSort } = props;
  const rights = props.rights ?? EVERY_RIGHT;
  const bulk = rights.bulk ? props.bulk : undefined;
  const useExport = rights.export ? props.useExport : undefined;
  const mayEdit = Boolean(renderForm) && rights.edit;
  const mayDelete = Boolean(renderForm) && rights.delete;
  const filters = props.filters ?? NO_FILTERS;
  const hasActions = Boolean(rowActions) || mayEdit || mayDelete;
  const useDelete = props.useDelete ?? useNoDelete;
  const { t } = useTranslation();
  const url = useListUrl(filters.map((filter) => filter.name));
  const { page, q, sort } = url;
  const [draft, setDraft] = useState(q);
  // The back button brings back an earlier search: the box shows it.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setDraft(q);
  }
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const params = { page, q, sort, filters: url.filters };
  const list = useList(params);
  // An empty page says why: the page is past the end, nothing matches, or there is nothing yet.
  const noMatches = noMatchesText(t, { isSearched: q !== '', isFiltered: Object.keys(url.filters).length > 0 });
  const emptyText = list.data ? emptyListText(t, list.data, noMatches ?? t('list.empty')) : '';
  const remove = useDelete();
  const rows = list.data?.data ?? [];
  const focusRescue = useFocusRescue(heading, list.data);
  // The last page stays on screen, dimmed, while the one asked for loads; none of its rows can be
  // chosen then, so a bulk action never acts on rows the new search or filter left out.
  const isStale = list.isPlaceholderData;
  const selection = useRowSelection(isStale ? [] : rows, params);
  const columnCount = columns.length + (hasActions ? 1 : 0) + (bulk ? 1 : 0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    url.update({ q: draft.trim() });
  };

  const confirmDelete = () => {
    const row = deleting;
    setDeleting(null);
    if (!row || !remove) return;
    remove.mutate(row._id, {
      // The row and its Delete button go: the focus rescue gives the title, which tells the new
      // count, the focus.
      onSuccess: () => toast.success(texts.deleted),
      onError: (error) => toast.error(getErrorMessage(error, texts.deleteError, texts.deleteTransportError)),
    });
  };

  if (isForbidden(list.error))
    return <ForbiddenScreen title={texts.title} error={list.error} fallback={texts.fetchError} />;

  const pagination = (isAtEnd: boolean) =>
    list.data && (
      <PaginationBar
        pagination={list.data}
        onPage={(next) => url.update({ page: Math.max(1, next) })}
        isAtEnd={isAtEnd}
      />
    );

  return (
    <section onFocus={focusRescue.onFocus} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListTitle ref={heading} title={texts.title} list={list.data} isLoading={isStale} />
        <div className="flex flex-wrap gap-2">
          {actions}
          {useExport && <ExportButton useExport={useExport} params={{ q, sort, filters: url.filters }} />}
          {renderForm && rights.create && (
            <Button onClick={() => setEditing({})}>
              <Plus className="size-4" aria-hidden />
              {texts.add}
            </Button>
          )}
        </div>
      </div>
      <form role="search" onSubmit={search} className="flex max-w-md gap-2">
        <input
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={texts.searchPlaceholder}
          aria-label={texts.searchPlaceholder}
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <Button type="submit" variant="secondary" aria-label={t('list.search')}>
          <Search className="size-4" aria-hidden />
        </Button>
      </form>
      {filters.length > 0 && <ListFilters filters={filters} values={url.filters} onChange={url.update} />}
      {bulk && (
        <BulkActions
          actions={bulk.actions}
          useBulk={bulk.useBulk}
          selected={selection.selected.map((row) => row._id)}
          labelOf={(id) => {
            const row = rows.find((one) => one._id === id);
            return row ? rowName(row) : id;
          }}
          onDone={selection.clear}
          focusAfter={heading}
        />
      )}
      {list.isError ? (
        <Alert tone="error">{getErrorMessage(list.error, texts.fetchError)}</Alert>
      ) : (
        <>
          {pagination(false)}
          <div
            aria-busy={isStale}
            className={`${UNDER_PINNED_ACTIONS} rounded-lg border border-slate-200 bg-white transition-opacity ${isStale ? 'opacity-60' : ''}`}
          >
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="text-left text-slate-700">
                <tr className="bg-slate-50">
                  {bulk && (
                    <th scope="col" className="w-10 px-4 py-2">
                      <SelectPageBox selection={selection} />
                    </th>
                  )}
                  {columns.map((column) =>
                    column.sort ? (
                      <SortHeader
                        key={column.header}
                        label={column.header}
                        field={column.sort}
                        sort={sort ?? defaultSort ?? ''}
                        onSort={(next) => url.update({ sort: next === defaultSort ? undefined : next })}
                      />
                    ) : (
                      <th key={column.header} scope="col" className="px-4 py-2 font-medium">
                        {column.header}
                      </th>
                    ),
                  )}
                  {hasActions && (
                    <th scope="col" className={`px-2 py-2 font-medium md:px-4 ${PINNED_ACTIONS}`}>
                      {/* Read out on a phone, not drawn: the word would be wider than the buttons under it. */}
                      <span className="max-md:sr-only">{t('list.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.isPending && (
                  <tr>
                    <td colSpan={columnCount} className="px-4 py-6 text-center text-slate-600">
                      {t('common.loading')}
                    </td>
                  </tr>
                )}
                {list.data?.data.length === 0 && (
                  <tr>
                    <td colSpan={columnCount} className="px-4 py-6 text-center text-slate-600">
                      {emptyText}
                    </td>
                  </tr>
                )}
                {rows.map((row) => {
                  const isDeleting = remove?.isPending === true && remove.variables === row._id;
                  const whyUnchangeable = props.whyUnchangeable?.(row);
                  const whyUndeletable = whyUnchangeable ?? props.whyUndeletable?.(row);
                  return (
                    <tr key={row._id} className={selection.isChosen(row._id) ? 'bg-brand-50' : 'bg-white'}>
                      {bulk && (
                        <td className="px-4 py-2 align-top">
                          <SelectRowBox selection={selection} id={row._id} label={rowName(row)} isDisabled={isStale} />
                        </td>
                      )}
                      {columns.map((column) => {
                        const content = column.cell(row);
                        return (
                          <td
                            key={column.header}
                            className={`px-4 py-2 align-top text-slate-800 ${cellWrap(column, content)}`}
                          >
                            {content}
                          </td>
                        );
                      })}
                      {hasActions && (
                        <td className={`whitespace-nowrap px-2 py-2 md:px-4 ${PINNED_ACTIONS}`}>
                          {/* Three abreast on a phone: the pinned column covers less of the row it belongs to. */}
                          <div className="flex items-center max-md:grid max-md:grid-cols-[auto_auto_auto] max-md:justify-items-center">
                            {rowActions?.(row)}
                            {mayEdit && (
                              <IconButton
                                icon={<Pencil className="size-4" aria-hidden />}
                                onClick={() => setEditing({ row })}
                                disabled={whyUnchangeable !== undefined}
                                aria-label={t('list.editRow', { row: rowName(row) })}
                                title={whyUnchangeable ?? t('list.editRow', { row: rowName(row) })}
                              />
                            )}
                            {mayDelete && (
                              <IconButton
                                look="danger"
                                icon={<Trash2 className="size-4" aria-hidden />}
                                onClick={() => setDeleting(row)}
                                isBusy={isDeleting}
                                // Shown but not offered: the reason, where a click could only be refused.
                                disabled={whyUndeletable !== undefined}
                                title={whyUndeletable ?? t('list.deleteRow', { row: rowName(row) })}
                                aria-label={t('list.deleteRow', { row: rowName(row) })}
                              />
                            )}
                          </div>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pagination(true)}
        </>
      )}
      <Modal
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.row ? texts.editTitle : texts.createTitle}
      >
        {editing && renderForm?.({ row: editing.row, onDone: () => setEditing(null) })}
      </Modal>
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        text={deleting && props.deleteText ? props.deleteText(deleting) : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
