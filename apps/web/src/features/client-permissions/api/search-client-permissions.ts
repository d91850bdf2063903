import { apiRoutes, type ClientPermission } from '@community/shared';
import { useSearchOptions } from '../../../lib/search-options';
import { clientPermissionKeys } from './keys';

/** A menu entry reads as its name and the path it leads to. */
export const menuEntryLabel = (entry: Pick<ClientPermission, 'name' | 'path'>) => `${entry.name} (${entry.path})`;

const toOption = (entry: ClientPermission) => ({ value: entry._id, label: menuEntryLabel(entry) });

/** The menu entries whose name holds `term`, as a picker's options. */
export const useClientPermissionOptions = (term: string | null) =>
  useSearchOptions(clientPermissionKeys.all, apiRoutes.clientPermissions, term, toOption);
