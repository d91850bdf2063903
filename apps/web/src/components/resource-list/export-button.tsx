import type { UseMutationResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../lib/api-client';
import type { ListParams } from '../../lib/list-query';
import { Button } from '../ui/button';

/** A feature's export hook, such as `useExportUsers`: it saves the file itself. */
export type UseExport = () => UseMutationResult<void, Error, ListParams>;

/** Saves every row the list's search, sort and filters match as a CSV file. */
export function ExportButton({ useExport, params }: { useExport: UseExport; params: ListParams }) {
  const { t } = useTranslation();
  const exporting = useExport();
  return (
    <Button
      variant="secondary"
      isBusy={exporting.isPending}
      onClick={() =>
        exporting.mutate(params, {
          onError: (error) => toast.error(getErrorMessage(error, t('list.exportError'))),
        })
      }
    >
      <Download className="size-4" aria-hidden />
      {t('list.export')}
    </Button>
  );
}
