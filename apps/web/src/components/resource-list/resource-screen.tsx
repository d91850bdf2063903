import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ListResponse } from '@community/shared';
import { getErrorMessage } from '../../lib/api-client';
import type { ListParams } from '../../lib/list-query';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { IconButton } from '../ui/icon-button';
import { Modal } from '../ui/modal';
import { PaginationBar } from './pagination';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

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

/** A feature's list hook, such as `useUsers`: the screen says which page and search it shows. */
type UseList<Row> = (params: ListParams) => UseQueryResult<ListResponse<Row>>;
/** A feature's delete hook, such as `useDeleteUser`: it refreshes the feature's lists itself. */
type UseDelete = () => UseMutationResult<unknown, Error, string>;

/** With a form, rows can be added, edited and deleted; `row` is absent when creating. */
type Editable<Row> = {
  renderForm: (props: { row?: Row; onDone: () => void }) => ReactNode;
  useDelete: UseDelete;
};
/** Without a form the list is read-only. */
type ReadOnly = { renderForm?: undefined; useDelete?: undefined };

/** The hooks make the screen: it knows no API path, only what the feature's hooks answer. */
type Props<Row extends { _id: string }> = {
  useList: UseList<Row>;
  texts: Texts;
  columns: Column<Row>[];
  /** Extra buttons beside Add New (e.g. Reinitiate Permissions). */
  actions?: ReactNode;
  /** Buttons of a row before Edit and Delete (e.g. a person's sessions). */
  rowActions?: (row: Row) => ReactNode;
} & (Editable<Row> | ReadOnly);

/** Stands in for the delete hook of a read-only list, so the same hooks run on every render. */
const useNoDelete = (): ReturnType<UseDelete> | undefined => undefined;

/**
 * A list screen: its title with the total, Add New, a search that goes back to page 1, the table
 * paged above and below, edit in a dialog, and delete after a confirmation.
 */
export function ResourceScreen<Row extends { _id: string }>(props: Props<Row>) {
  const { useList, texts, columns, renderForm, actions, rowActions } = props;
  const hasActions = Boolean(renderForm ?? rowActions);
  const useDelete = props.useDelete ?? useNoDelete;
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const list = useList({ page, q });
  const remove = useDelete();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  const confirmDelete = () => {
    const row = deleting;
    setDeleting(null);
    if (!row || !remove) return;
    remove.mutate(row._id, {
      onSuccess: () => toast.success(texts.deleted),
      onError: (error) => toast.error(getErrorMessage(error, texts.deleteError, texts.deleteTransportError)),
    });
  };

  const pagination = list.data && (
    <PaginationBar pagination={list.data} onPage={(next) => setPage(Math.max(1, next))} />
  );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          {texts.title} ({list.data?.total ?? 0})
        </h1>
        <div className="flex flex-wrap gap-2">
          {actions}
          {renderForm && (
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
      {list.isError ? (
        <Alert tone="error">{getErrorMessage(list.error, texts.fetchError)}</Alert>
      ) : (
        <>
          {pagination}
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className="px-4 py-2 font-medium">
                      {column.header}
                    </th>
                  ))}
                  {hasActions && (
                    <th scope="col" className="px-4 py-2 font-medium">
                      {t('list.actions')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.isPending && (
                  <tr>
                    <td
                      colSpan={columns.length + (hasActions ? 1 : 0)}
                      className="px-4 py-6 text-center text-slate-600"
                    >
                      {t('common.loading')}
                    </td>
                  </tr>
                )}
                {list.data?.data.length === 0 && (
                  <tr>
                    <td
                      colSpan={columns.length + (hasActions ? 1 : 0)}
                      className="px-4 py-6 text-center text-slate-600"
                    >
                      {t('list.empty')}
                    </td>
                  </tr>
                )}
                {list.data?.data.map((row) => {
                  const isDeleting = remove?.isPending === true && remove.variables === row._id;
                  return (
                    <tr key={row._id}>
                      {columns.map((column) => (
                        <td key={column.header} className="px-4 py-2 align-top text-slate-800">
                          {column.cell(row)}
                        </td>
                      ))}
                      {hasActions && (
                        <td className="whitespace-nowrap px-4 py-2">
                          {rowActions?.(row)}
                          {renderForm && (
                            <>
                              <IconButton
                                icon={<Pencil className="size-4" aria-hidden />}
                                onClick={() => setEditing({ row })}
                                aria-label={t('list.edit')}
                              />
                              <IconButton
                                look="danger"
                                icon={<Trash2 className="size-4" aria-hidden />}
                                onClick={() => setDeleting(row)}
                                isBusy={isDeleting}
                                aria-label={t('list.delete')}
                              />
                            </>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pagination}
        </>
      )}
      <Modal
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.row ? texts.editTitle : texts.createTitle}
      >
        {editing && renderForm?.({ row: editing.row, onDone: () => setEditing(null) })}
      </Modal>
      <ConfirmDeleteDialog isOpen={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </section>
  );
}
