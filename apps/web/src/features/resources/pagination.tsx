import type { Pagination } from '@community/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';

type Props = { pagination: Pagination; onPage: (page: number) => void };

/** 'start - end of total' with previous and next, shown above and below every list. */
export function PaginationBar({ pagination, onPage }: Props) {
  const { t } = useTranslation();
  const { startIndex, endIndex, total, page, pages } = pagination;
  return (
    <nav aria-label={t('list.pagination')} className="flex items-center justify-end gap-3 text-sm text-slate-700">
      <span>{t('list.range', { start: startIndex, end: endIndex, total })}</span>
      <IconButton
        look="framed"
        icon={<ChevronLeft className="size-4" aria-hidden />}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('list.previous')}
      />
      <IconButton
        look="framed"
        icon={<ChevronRight className="size-4" aria-hidden />}
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={t('list.next')}
      />
    </nav>
  );
}
