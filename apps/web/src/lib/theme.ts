import { useEffect, useState } from 'react';

/** The localStorage key, read before the first paint by public/theme.js. */
const THEME_KEY = 'theme';

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const isChoice = (value: string | null): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

/** The saved choice; system while none is saved (or storage is refused). */
export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return isChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Saves the choice and sets the theme it comes to on <html>, as public/theme.js does before the
 * first paint (which also keeps following the device while the choice is system).
 */
export function chooseTheme(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Not kept for the next visit; this page still changes.
  }
  const isDark = choice === 'system' ? matchMedia('(prefers-color-scheme: dark)').matches : choice === 'dark';
  const theme = isDark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

/** The saved choice and a setter; a choice made in another tab shows here too. */
export function useThemeChoice() {
  const [choice, setChoice] = useState(readThemeChoice);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_KEY || event.key === null) setChoice(readThemeChoice());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const choose = (next: ThemeChoice) => {
    chooseTheme(next);
    setChoice(next);
  };
  return [choice, choose] as const;
}
