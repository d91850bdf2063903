import { useLayoutEffect, useReducer, useRef } from 'react';

/**
 * Where the focus goes after an action that takes away, or disables, the button that was pressed:
 * left alone it falls to the page's body, and a keyboard or screen-reader user starts again from
 * the top. `focusWhenShown(key)` asks for the element rendered with `ref={focusTarget(key)}`; it
 * takes the focus as soon as it is on the page and enabled (at once, once a list is read again,
 * once its action is no longer busy), and only once. The request lapses if the person has put the
 * focus somewhere else meanwhile.
 */
export function useFocusWhenShown<Key extends string = string>() {
  const wanted = useRef<{ key: Key; from: Element | null } | null>(null);
  const targets = useRef(new Map<Key, HTMLElement>());
  // A request renders once more, so a target already on the page is looked at after the action's
  // own changes (a busy button enabled again) are on it.
  const [, render] = useReducer((count: number) => count + 1, 0);

  const take = () => {
    const request = wanted.current;
    if (!request) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== request.from) {
      wanted.current = null;
      return;
    }
    const target = targets.current.get(request.key);
    if (!target?.isConnected || target.matches(':disabled')) return;
    wanted.current = null;
    target.focus();
  };
  useLayoutEffect(take);

  const focusWhenShown = (key: Key) => {
    wanted.current = { key, from: document.activeElement };
    render();
  };
  const focusTarget = (key: Key) => (element: HTMLElement | null) => {
    if (!element) return;
    targets.current.set(key, element);
    take();
    return () => {
      if (targets.current.get(key) === element) targets.current.delete(key);
    };
  };
  return { focusWhenShown, focusTarget };
}
