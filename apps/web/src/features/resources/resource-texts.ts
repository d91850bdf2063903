import type { TFunction } from 'i18next';

/** The texts of a list screen, from the keys every resource defines under its own name. */
export const resourceTexts = (t: TFunction, resource: string) => ({
  title: t(`${resource}.title`),
  add: t(`${resource}.add`),
  searchPlaceholder: t(`${resource}.search`, { defaultValue: t('list.searchByName') }),
  fetchError: t(`${resource}.fetchError`),
  deleted: t(`${resource}.deleted`),
  deleteError: t(`${resource}.deleteError`),
  createTitle: t(`${resource}.createTitle`),
  editTitle: t(`${resource}.editTitle`),
});
