import type { Pagination } from '@community/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { titleWithTotal } from './total-text';

type Props = {
  /** Takes the focus when the control that had it leaves with its row. */
  ref: Ref<HTMLHeadingElement>;
  title: string;
  list: Pick<Pagination, 'total' | 'totalIs'> | undefined;
  /** Another page is on its way while the last one stays on screen. */
  isLoading: boolean;
};

/** A list's title with its total, and beside it a status read out while another page loads. */
export function ListTitle({ ref, title, list, isLoading }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex items-baseline gap-3">
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
        {titleWithTotal(t, title, list)}
      </h1>
      <span role="status" className="text-sm text-slate-600">
        {isLoading ? t('common.loading') : ''}
      </span>
    </div>
  );
}
