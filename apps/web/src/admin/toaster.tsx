import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

/** Toasts leave after 5 seconds. */
const TOAST_DURATION_MS = 5000;

/**
 * The admin app's toasts, named and closed in the screen's language. Each has a close button, so
 * one that covers something (on a phone, the pager at the foot of a list) goes at once, by mouse
 * or by Tab.
 */
export function Toaster() {
  const { t } = useTranslation();
  return (
    // At the foot of the screen, in the middle: never over the header or the menus and panels it
    // opens, nor over the pager at the right of a list's foot.
    <Sonner
      duration={TOAST_DURATION_MS}
      position="bottom-center"
      closeButton
      containerAriaLabel={t('common.toasts')}
      toastOptions={{ closeButtonAriaLabel: t('common.closeToast') }}
    />
  );
}
