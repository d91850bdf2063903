import { useEffect, type RefObject } from 'react';

/**
 * Marks an Escape pressed in `field` as handled (`preventDefault`) while `isClaimed`, so that the
 * dialog around the field leaves it to the field: Radix dialogs hear Escape on the document, in
 * the capture phase, before the field does, and close unless the key is already handled. Heard on
 * the window, one step earlier. The field's own key handler still runs and does the closing.
 */
export function useClaimEscape(field: RefObject<HTMLElement | null>, isClaimed: boolean) {
  useEffect(() => {
    if (!isClaimed) return;
    const claim = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === field.current) event.preventDefault();
    };
    window.addEventListener('keydown', claim, { capture: true });
    return () => window.removeEventListener('keydown', claim, { capture: true });
  }, [field, isClaimed]);
}
