import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HTTP_METHODS, createPermissionBodySchema, localizePermissionName, type Permission } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { useSeededText } from '../../../lib/seeded-text';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreatePermission } from '../api/create-permission';
import { useUpdatePermission } from '../api/update-permission';

export function PermissionForm({ row, onDone }: { row?: Permission; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useSeededText(row?.name ?? '', localizePermissionName);
  const form = useZodForm(createPermissionBodySchema, {
    defaultValues: {
      name: name.shown,
      description: row?.description ?? '',
      method: row?.method ?? 'GET',
      route: row?.route ?? '',
      auth: row?.auth ?? true,
    },
  });
  const createPermission = useCreatePermission();
  const updatePermission = useUpdatePermission();
  const { error, save } = useSaveResource(Boolean(row), saveTexts(t, 'permissions'), onDone);
  const onSubmit = form.handleSubmit((typed) => {
    const body = { ...typed, name: name.toStored(typed.name) };
    return save(() => (row ? updatePermission.mutateAsync({ id: row._id, body }) : createPermission.mutateAsync(body)));
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [method, auth] = useWatch({ control: form.control, name: ['method', 'auth'] });
  // Say so before a route that changes data (anything but GET) is opened to everyone.
  const opensWrite = auth === false && method !== 'GET';
  return (
    <ResourceForm error={error} isBusy={isSubmitting} isDirty={isDirty} onSubmit={onSubmit} onCancel={onDone}>
      <TextField label={t('fields.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={t('fields.descriptionOptional')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <SelectField
        label={t('fields.method')}
        options={HTTP_METHODS.map((value) => ({ value, label: value }))}
        error={errors.method?.message}
        {...form.register('method')}
      />
      <TextField label={t('fields.route')} error={errors.route?.message} {...form.register('route')} />
      <Controller
        control={form.control}
        name="auth"
        render={({ field }) => (
          <SwitchField label={t('fields.auth')} checked={Boolean(field.value)} onChange={field.onChange} />
        )}
      />
      {opensWrite && <Alert tone="error">{t('permissions.publicWriteWarning')}</Alert>}
    </ResourceForm>
  );
}
