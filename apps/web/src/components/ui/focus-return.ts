import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Where the focus goes when a dialog closes: `preferred` when given, or else whatever had it when
 * the dialog opened (the button that opened it). The openers are plain buttons rather than Radix
 * triggers, so Radix alone would leave the focus on the page. Answers the dialog's
 * `onCloseAutoFocus`; a target no longer on the page leaves Radix's own choice.
 */
export function useFocusReturn(isOpen: boolean, preferred?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  // Before the dialog takes the focus: layout effects run ahead of Radix's focus on mount.
  useLayoutEffect(() => {
    if (isOpen) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [isOpen]);
  return (event: Event) => {
    const target = preferred?.current ?? opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}
