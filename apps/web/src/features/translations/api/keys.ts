const all = ['translations'] as const;

/** Every translation query sits under `all`: a save or a generation refreshes them all. */
export const translationKeys = {
  all,
  languages: () => [...all, 'list'] as const,
  detail: (lang: string) => [...all, 'lang', lang] as const,
};
