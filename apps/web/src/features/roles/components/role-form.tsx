import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createRoleBodySchema, type ClientPermission, type Permission, type Role } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';
import { CheckboxList } from './checkbox-list';

type Props = {
  row?: Role;
  onDone: () => void;
  /** What the checkboxes offer. */
  permissions: Permission[];
  clientPermissions: ClientPermission[];
};

export function RoleForm({ row, onDone, permissions, clientPermissions }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(createRoleBodySchema, {
    defaultValues: {
      name: row?.name ?? '',
      description: row?.description ?? '',
      permission: row?.permission ?? [],
      clientPermission: row?.clientPermission ?? [],
    },
  });
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const { error, save } = useSaveResource(Boolean(row), saveTexts(t, 'roles'), onDone);
  const onSubmit = form.handleSubmit((body) =>
    save(() => (row ? updateRole.mutateAsync({ id: row._id, body }) : createRole.mutateAsync(body))),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <ResourceForm error={error} isBusy={isSubmitting} onSubmit={onSubmit} onCancel={onDone}>
      <TextField label={t('fields.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField label={t('fields.descriptionOptional')} {...form.register('description')} />
      <Controller
        control={form.control}
        name="permission"
        render={({ field }) => (
          <CheckboxList
            legend={t('roles.permissions')}
            selected={field.value ?? []}
            onChange={field.onChange}
            options={permissions.map((p) => ({ value: p._id, label: `${p.method} ${p.route}` }))}
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
            options={clientPermissions.map((p) => ({
              value: p._id,
              label: `${p.name} (${p.path})`,
            }))}
          />
        )}
      />
    </ResourceForm>
  );
}
