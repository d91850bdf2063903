import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  apiRoutes,
  createRoleBodySchema,
  type ClientPermission,
  type CreateRoleBody,
  type Permission,
  type Role,
} from '@community/shared';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/translate-message';
import { useZodForm } from '../../../lib/use-zod-form';
import { ResourceForm, useSaveResource } from '../../resources/resource-form';
import { saveTexts } from '../../resources/resource-texts';
import { useReference } from '../../resources/use-reference';
import { CheckboxList } from './checkbox-list';

export function RoleForm({ row, onDone }: { row?: Role; onDone: () => void }) {
  const { t } = useTranslation();
  const permissions = useReference<Permission>(apiRoutes.permissions, 1e6);
  const clientPermissions = useReference<ClientPermission>(apiRoutes.clientPermissions, 1e6);
  const form = useZodForm(createRoleBodySchema, {
    defaultValues: {
      name: row?.name ?? '',
      description: row?.description ?? '',
      permission: row?.permission ?? [],
      clientPermission: row?.clientPermission ?? [],
    },
  });
  const { error, save } = useSaveResource<CreateRoleBody>(apiRoutes.roles, row?._id, saveTexts(t, 'roles'), onDone);
  const { errors, isSubmitting } = form.formState;
  return (
    <ResourceForm error={error} isBusy={isSubmitting} onSubmit={form.handleSubmit(save)} onCancel={onDone}>
      <TextField
        label={t('fields.name')}
        error={translateMessage(t, errors.name?.message)}
        {...form.register('name')}
      />
      <TextField label={t('fields.descriptionOptional')} {...form.register('description')} />
      <Controller
        control={form.control}
        name="permission"
        render={({ field }) => (
          <CheckboxList
            legend={t('roles.permissions')}
            selected={field.value ?? []}
            onChange={field.onChange}
            options={(permissions.data?.data ?? []).map((p) => ({ value: p._id, label: `${p.method} ${p.route}` }))}
          />
        )}
      />
      <Controller
        control={form.control}
        name="clientPermission"
        render={({ field }) => (
          <CheckboxList
            legend={t('roles.clientPermissions')}
            selected={field.value ?? []}
            onChange={field.onChange}
            options={(clientPermissions.data?.data ?? []).map((p) => ({
              value: p._id,
              label: `${p.name} (${p.path})`,
            }))}
          />
        )}
      />
    </ResourceForm>
  );
}
