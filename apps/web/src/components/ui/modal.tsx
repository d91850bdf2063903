import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from './focus-return';
import { IconButton } from './icon-button';
import { UnsavedChangesScope, useUnsavedChangesGuard } from './unsaved-changes';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Open on the dialog's start rather than its first field, where steps come before any typing. */
  opensAtStart?: boolean;
  /**
   * Where the focus goes when it closes, where that is not what had it before: a dialog opened as
   * another closes would give it back to a button of the closed one.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /**
   * Closed only by a button of its own, never by Escape or a click beside it: for what is shown
   * once and lost on closing (recovery codes).
   */
  closesOnlyByButton?: boolean;
};

/** The first field a person can type in or choose from: where a form dialog starts. */
const FIRST_FIELD =
  'input:not([type=hidden]):enabled:not([readonly]), select:enabled, textarea:enabled:not([readonly])';

/**
 * A focus-trapped dialog: Escape, the close button and a click beside it dismiss it, after asking
 * when a form inside holds unsaved changes. It opens on its first field, and gives the focus back
 * to `returnFocusTo`, or else to whatever had it before, as the button that opened it.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  opensAtStart = false,
  returnFocusTo,
  closesOnlyByButton = false,
}: Props) {
  const { t } = useTranslation();
  const returnFocus = useFocusReturn(isOpen, returnFocusTo);
  const unsaved = useUnsavedChangesGuard(isOpen);
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && unsaved.guard.leave(onClose)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            if (opensAtStart) return;
            const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(FIRST_FIELD);
            field?.focus();
            // Radix's own choice stands unless the field really took the focus (it may be hidden).
            if (field && document.activeElement === field) event.preventDefault();
          }}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={closesOnlyByButton ? (event) => event.preventDefault() : undefined}
          onInteractOutside={closesOnlyByButton ? (event) => event.preventDefault() : undefined}
          onFocus={unsaved.noteFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 scroll-pt-20 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          {/* A long form scrolls under its title and close button, which stay in view. */}
          <div className="sticky -top-6 z-10 -mx-6 -mt-6 mb-4 flex items-start justify-between gap-4 bg-white px-6 pb-3 pt-6">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            {!closesOnlyByButton && (
              <Dialog.Close asChild>
                <IconButton icon={<X className="size-5" aria-hidden />} aria-label={t('common.close')} />
              </Dialog.Close>
            )}
          </div>
          <UnsavedChangesScope value={unsaved.guard}>{children}</UnsavedChangesScope>
        </Dialog.Content>
      </Dialog.Portal>
      {unsaved.question}
    </Dialog.Root>
  );
}
