import { useEffect, useState, useSyncExternalStore } from 'react';

/** A boolean kept in localStorage; `initial` decides only while nothing is saved. */
export function useStoredFlag(key: string, initial: () => boolean) {
  const [value, setValue] = useState<boolean>(() => {
    const saved = localStorage.getItem(key);
    return saved === null ? initial() : saved === 'true';
  });
  const save = (next: boolean) => {
    localStorage.setItem(key, String(next));
    setValue(next);
  };
  return [value, save] as const;
}

/** The menu opens by itself on windows at least 1080 px wide, unless a choice is saved. */
const AUTO_EXPAND_WIDTH = 1080;

export function useAutoExpand(key: string) {
  const [isExpanded, setExpanded] = useStoredFlag(key, () => window.innerWidth >= AUTO_EXPAND_WIDTH);
  const [, force] = useState(0);
  useEffect(() => {
    if (localStorage.getItem(key) !== null) return;
    const onResize = () => force((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [key]);
  const isSaved = localStorage.getItem(key) !== null;
  return [isSaved ? isExpanded : window.innerWidth >= AUTO_EXPAND_WIDTH, setExpanded] as const;
}

/** Below Tailwind's `md` breakpoint the menu is drawn over the page. */
const COVERING = '(max-width: 767.98px)';

/** Whether the menu, open, covers the page: on a phone it is a passing overlay, not a saved choice. */
export function useMenuCovers() {
  return useSyncExternalStore(followCovering, isCovering);
}

const followCovering = (onChange: () => void) => {
  const query = window.matchMedia(COVERING);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isCovering = () => window.matchMedia(COVERING).matches;
