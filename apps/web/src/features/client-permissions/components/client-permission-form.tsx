import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createClientPermissionBodySchema, localizeMenuName, type ClientPermission } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { useSeededText } from '../../../lib/seeded-text';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateClientPermission } from '../api/create-client-permission';
import { useUpdateClientPermission } from '../api/update-client-permission';

export function ClientPermissionForm({ row, onDone }: { row?: ClientPermission; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useSeededText(row?.name ?? '', localizeMenuName);
  const form = useZodForm(createClientPermissionBodySchema, {
    defaultValues: {
      name: name.shown,
      menu: row?.menu ?? '',
      menu_order: row?.menu_order ?? 0,
      path: row?.path ?? '',
      description: row?.description ?? '',
      auth: row?.auth ?? true,
    },
  });
  const createClientPermission = useCreateClientPermission();
  const updateClientPermission = useUpdateClientPermission();
  const { error, save } = useSaveResource(Boolean(row), saveTexts(t, 'clientPermissions'), onDone);
  const onSubmit = form.handleSubmit((typed) => {
    const body = { ...typed, name: name.toStored(typed.name) };
    return save(() =>
      row ? updateClientPermission.mutateAsync({ id: row._id, body }) : createClientPermission.mutateAsync(body),
    );
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <ResourceForm error={error} isBusy={isSubmitting} isDirty={isDirty} onSubmit={onSubmit} onCancel={onDone}>
      <TextField label={t('fields.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField label={t('fields.menu')} error={errors.menu?.message} {...form.register('menu')} />
      <TextField
        label={t('fields.menuOrder')}
        type="number"
        error={errors.menu_order?.message}
        {...form.register('menu_order')}
      />
      <TextField label={t('fields.path')} error={errors.path?.message} {...form.register('path')} />
      <TextField
        label={t('fields.descriptionOptional')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="auth"
        render={({ field }) => (
          <SwitchField label={t('fields.auth')} checked={Boolean(field.value)} onChange={field.onChange} />
        )}
      />
    </ResourceForm>
  );
}
