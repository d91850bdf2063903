import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { useFocusReturn } from './focus-return';

type Props = {
  /** Where the focus goes once it closes, when no trigger of its own opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  tone?: 'danger' | 'primary';
};

/**
 * A question that needs an answer before anything happens; Escape and the cancel button say no.
 * Closed, it gives the focus back to `returnFocusTo`, or else to whatever had it before (the
 * button that asked).
 */
export function ConfirmDialog({
  returnFocusTo,
  isOpen,
  onCancel,
  onConfirm,
  title,
  text,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
}: Props) {
  const returnFocus = useFocusReturn(isOpen, returnFocusTo);
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{text}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className={buttonClass(tone === 'danger' ? 'danger' : 'primary')}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type DeleteProps = Pick<Props, 'isOpen' | 'onCancel' | 'onConfirm'> & { text?: ReactNode };

/** Every delete asks first, in the same words: 'Are you sure? You want to delete this?', No / Yes, Delete it! */
export function ConfirmDeleteDialog({ text, ...rest }: DeleteProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      {...rest}
      title={t('confirm.title')}
      text={text ?? t('confirm.text')}
      confirmLabel={t('confirm.yes')}
      cancelLabel={t('confirm.no')}
    />
  );
}
