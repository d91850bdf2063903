import type { Pagination } from '@community/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { IconButton } from '../ui/icon-button';
import { totalText } from './total-text';

type Props = {
  pagination: Pagination;
  onPage: (page: number) => void;
  /** Previous and next in words around a summary, in place of the range and the arrows. */
  words?: { previous: string; next: string; summary: string };
  /** The second pager, under the list: named apart from the first, as two landmarks must be. */
  isAtEnd?: boolean;
};

/** The pager of a list: 'start - end of total' with previous and next arrows, or the same in words. */
export function PaginationBar({ pagination, onPage, words, isAtEnd = false }: Props) {
  const { t } = useTranslation();
  const { startIndex, endIndex, page, pages } = pagination;
  const isFirst = page <= 1;
  const isLast = page >= pages;
  // From a page past the end, back is the last page there is, not the next page past it.
  const toPrevious = Math.min(page - 1, Math.max(pages, 1));
  // The first or the last page reached, its arrow can do nothing more: the keyboard goes on from
  // the other one rather than from the page's body.
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (isLast && active === next.current && !isFirst) previous.current?.focus();
    if (isFirst && active === previous.current && !isLast) next.current?.focus();
  }, [isFirst, isLast]);
  return (
    <nav
      aria-label={t(isAtEnd ? 'list.paginationAtEnd' : 'list.pagination')}
      className="flex items-center justify-end gap-3 text-sm text-slate-700"
    >
      {words ? (
        <>
          <Button ref={previous} variant="secondary" onClick={() => onPage(toPrevious)} disabled={isFirst}>
            {words.previous}
          </Button>
          <span>{words.summary}</span>
          <Button ref={next} variant="secondary" onClick={() => onPage(page + 1)} disabled={isLast}>
            {words.next}
          </Button>
        </>
      ) : (
        <>
          <span>{t('list.range', { start: startIndex, end: endIndex, total: totalText(t, pagination) })}</span>
          <IconButton
            ref={previous}
            look="framed"
            icon={<ChevronLeft className="size-4" aria-hidden />}
            onClick={() => onPage(toPrevious)}
            disabled={isFirst}
            aria-label={t('list.previous')}
          />
          <IconButton
            ref={next}
            look="framed"
            icon={<ChevronRight className="size-4" aria-hidden />}
            onClick={() => onPage(page + 1)}
            disabled={isLast}
            aria-label={t('list.next')}
          />
        </>
      )}
    </nav>
  );
}
