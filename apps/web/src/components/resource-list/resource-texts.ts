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
  deleteTransportError: t(`${resource}.deleteTransportError`),
});

/** What a create/edit form says on success and failure, from the same keys. */
export const saveTexts = (t: TFunction, resource: string) => ({
  created: t(`${resource}.created`),
  updated: t(`${resource}.updated`),
  createError: t(`${resource}.createError`),
  updateError: t(`${resource}.updateError`),
  createTransportError: t(`${resource}.createTransportError`),
  updateTransportError: t(`${resource}.updateTransportError`),
});
