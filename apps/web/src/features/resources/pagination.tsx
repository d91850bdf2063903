import type { Pagination } from '@community/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Props = { pagination: Pagination; onPage: (page: number) => void };

/** 'start - end of total' with previous and next, shown above and below every list. */
export function PaginationBar({ pagination, onPage }: Props) {
  const { t } = useTranslation();
  const { startIndex, endIndex, total, page, pages } = pagination;
  return (
    <nav aria-label={t('list.pagination')} className="flex items-center justify-end gap-3 text-sm text-slate-700">
      <span>{t('list.range', { start: startIndex, end: endIndex, total })}</span>
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('list.previous')}
        className="rounded border border-slate-300 bg-white p-1 disabled:opacity-40"
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={t('list.next')}
        className="rounded border border-slate-300 bg-white p-1 disabled:opacity-40"
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
