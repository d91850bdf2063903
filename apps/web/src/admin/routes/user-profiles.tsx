import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '@community/shared';
import type { Profile } from '@community/shared';
import { useListRights } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { useExportProfiles } from '../../features/profiles/api/export-profiles';
import { useProfiles } from '../../features/profiles/api/get-profiles';

/** Read-only: profiles are each member's own to edit. */
export function UserProfilesRoute() {
  const { t } = useTranslation();
  const rights = useListRights(apiRoutes.userProfiles);
  const columns: Column<Profile>[] = [
    {
      header: t('profiles.image'),
      cell: (row) =>
        row.image ? (
          <img src={row.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
        ) : (
          <UserRound className="size-8 rounded-full bg-slate-100 p-1 text-slate-500" aria-hidden />
        ),
    },
    { header: t('fields.name'), cell: (row) => row.name, sort: 'name' },
    { header: t('profiles.address'), cell: (row) => row.address ?? '' },
    { header: t('profiles.phone'), cell: (row) => row.phone ?? '' },
    { header: t('common.email'), cell: (row) => row.user.email, sort: 'email', isToken: true },
  ];
  return (
    <ResourceScreen<Profile>
      useList={useProfiles}
      rights={rights}
      columns={columns}
      rowName={(row) => row.name}
      texts={resourceTexts(t, 'profiles')}
      defaultSort="-createdAt"
      useExport={useExportProfiles}
    />
  );
}
