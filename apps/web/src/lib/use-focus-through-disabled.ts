import { useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';

/**
 * A button pressed and then disabled while its work runs loses the focus to the page's body: the
 * browser takes it from a disabled element. Enabled again, the button takes it back, so the
 * keyboard goes on from where it was; focus the person put elsewhere meanwhile stays there.
 * Gives the ref for the button; the caller's own `ref` gets the button too.
 */
export function useFocusThroughDisabled(isDisabled: boolean, ref?: Ref<HTMLButtonElement>) {
  const button = useRef<HTMLButtonElement | null>(null);
  const heldFocus = useRef(false);
  useLayoutEffect(() => {
    // Runs before the browser moves the focus off a button just disabled: it still has it here.
    if (isDisabled) {
      heldFocus.current = document.activeElement === button.current;
      return;
    }
    const active = document.activeElement;
    if (heldFocus.current && (!active || active === document.body)) button.current?.focus();
    heldFocus.current = false;
  }, [isDisabled]);
  useImperativeHandle(ref, () => button.current!, []);
  return button;
}
