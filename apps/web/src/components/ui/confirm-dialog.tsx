import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';

type Props = { isOpen: boolean; onCancel: () => void; onConfirm: () => void; text?: string };

/** Spec wording: 'Are you sure? You want to delete this?' with No / Yes, Delete it! */
export function ConfirmDeleteDialog({ isOpen, onCancel, onConfirm, text }: Props) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{t('confirm.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {text ?? t('confirm.text')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-md border border-slate-300 px-4 py-2 text-sm">
              {t('confirm.no')}
            </AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className="rounded-md bg-red-700 px-4 py-2 text-sm text-white">
              {t('confirm.yes')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
