import { useTranslation } from 'react-i18next';
import { apiRoutes, languageOf, localizeMenuName, type ClientPermission, type Language } from '@community/shared';
import { GRANTABLE_ONLY, useSearchOptions } from '../../../lib/search-options';
import { clientPermissionKeys } from './keys';

/** A menu entry reads as its name, in the screen's language if the product installed it, and its path. */
export const menuEntryLabel = (entry: Pick<ClientPermission, 'name' | 'path'>, language: Language) =>
  `${localizeMenuName(entry.name, language)} (${entry.path})`;

/** The menu entries whose name holds `term` and the reader may put on a role, as a picker's options. */
export function useClientPermissionOptions(term: string | null) {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  return useSearchOptions(
    clientPermissionKeys.all,
    apiRoutes.clientPermissions,
    term,
    (entry: ClientPermission) => ({
      value: entry._id,
      label: menuEntryLabel(entry, language),
    }),
    GRANTABLE_ONLY,
  );
}
