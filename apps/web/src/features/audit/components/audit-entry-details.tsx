import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@community/shared';
import { fieldName, showValue } from './describe-entry';

/** The before and after of every field an entry changed, and where the change came from. */
export function AuditEntryDetails({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const changes = Object.entries(event.changes ?? {});
  return (
    <div className="flex flex-col gap-2 text-sm">
      {changes.length > 0 ? (
        <table className="min-w-full text-left">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('audit.field')}
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('audit.before')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('audit.after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map(([field, [before, after]]) => (
              <tr key={field} className="align-top">
                <th scope="row" className="py-1 pr-4 font-normal text-slate-700" title={field}>
                  {fieldName(t, field)}
                </th>
                <td className="break-all py-1 pr-4 text-red-800">{showValue(t, before, field)}</td>
                <td className="break-all py-1 text-green-800">{showValue(t, after, field)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-slate-600">{t('audit.noChanges')}</p>
      )}
      <p className="text-xs text-slate-600">
        {t('audit.source', { ip: event.ip ?? '–', userAgent: event.userAgent ?? '–' })}
      </p>
    </div>
  );
}
