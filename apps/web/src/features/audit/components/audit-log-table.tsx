import { dateTimeFormat } from '@community/shared';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@community/shared';
import { IconButton } from '../../../components/ui/icon-button';
import { AuditEntryDetails } from './audit-entry-details';
import { describeEntry } from './describe-entry';

type Props = {
  events: AuditEvent[];
  isLoading: boolean;
  /** The filters match entries, but this page lies past the last of them. */
  /** Said when the page holds no entries. */
  emptyText: string;
  oldestFirst: boolean;
  onSort: (oldestFirst: boolean) => void;
  /** Shows every entry about the target of one. */
  onTarget: (target: NonNullable<AuditEvent['target']>) => void;
};

/** The entries, newest first, each a sentence; a row opens to its before and after. */
export function AuditLogTable({ events, isLoading, emptyText, oldestFirst, onSort, onTarget }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const when = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="w-10 px-2 py-2">
              <span className="sr-only">{t('audit.details')}</span>
            </th>
            <th
              scope="col"
              className="px-2 py-2 font-medium sm:px-4"
              aria-sort={oldestFirst ? 'ascending' : 'descending'}
            >
              <button
                type="button"
                onClick={() => onSort(!oldestFirst)}
                className="inline-flex items-center gap-1 hover:text-slate-900"
              >
                {t('audit.when')}
                {oldestFirst ? (
                  <ArrowUp className="size-3.5" aria-hidden />
                ) : (
                  <ArrowDown className="size-3.5" aria-hidden />
                )}
                <span className="sr-only">{oldestFirst ? t('audit.newestFirst') : t('audit.oldestFirst')}</span>
              </button>
            </th>
            <th scope="col" className="px-2 py-2 font-medium sm:px-4">
              {t('audit.what')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {isLoading && (
            <tr>
              <td colSpan={3} className="px-4 py-6 text-center text-slate-600">
                {t('common.loading')}
              </td>
            </tr>
          )}
          {!isLoading && events.length === 0 && (
            <tr>
              <td colSpan={3} className="px-4 py-6 text-center text-slate-600">
                {emptyText}
              </td>
            </tr>
          )}
          {events.map((event) => {
            const isOpen = open === event._id;
            return (
              <Fragment key={event._id}>
                <tr>
                  <td className="px-2 py-2 align-top">
                    <IconButton
                      icon={
                        isOpen ? (
                          <ChevronDown className="size-4" aria-hidden />
                        ) : (
                          <ChevronRight className="size-4" aria-hidden />
                        )
                      }
                      aria-expanded={isOpen}
                      aria-controls={`audit-${event._id}`}
                      aria-label={t('audit.details')}
                      onClick={() => setOpen(isOpen ? null : event._id)}
                    />
                  </td>
                  <td className="px-2 py-2 align-top text-slate-700 sm:whitespace-nowrap sm:px-4">
                    <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
                  </td>
                  <td className="px-2 py-2 align-top text-slate-900 sm:px-4">
                    <p className="wrap-anywhere">{describeEntry(t, event)}</p>
                    {event.target && (
                      <button
                        type="button"
                        onClick={() => onTarget(event.target!)}
                        className="text-xs text-brand-700 underline"
                      >
                        {t('audit.aboutThis')}
                      </button>
                    )}
                  </td>
                </tr>
                {isOpen && (
                  <tr id={`audit-${event._id}`}>
                    <td />
                    <td colSpan={2} className="px-2 pb-3 sm:px-4">
                      <AuditEntryDetails event={event} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
