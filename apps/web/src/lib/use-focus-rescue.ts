import { useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

/**
 * A list read again can take away the element that had the focus: a row edited out of the filter,
 * or blocked by a bulk action, with the button last pressed in it; or leave that button disabled,
 * with nothing left for it to do. Left alone the focus falls to
 * the page's body, and a keyboard or screen-reader user starts again from the top; it goes to
 * `fallback` (the screen's title) instead. Only then: focus the person put elsewhere stays.
 * `onFocus` goes on the element that holds the list (React's focus events bubble).
 */
export function useFocusRescue(fallback: RefObject<HTMLElement | null>, data: unknown) {
  const lastFocused = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const lost = lastFocused.current;
    if (!lost || (lost.isConnected && !(lost instanceof HTMLButtonElement && lost.disabled))) return;
    lastFocused.current = null;
    const active = document.activeElement;
    // A button just disabled still holds the focus here: the browser takes it away after.
    if (!active || active === document.body || active === lost) fallback.current?.focus();
  }, [data, fallback]);
  return {
    onFocus: (event: FocusEvent) => {
      lastFocused.current = event.target;
    },
  };
}
