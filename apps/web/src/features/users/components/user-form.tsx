import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createUserBodySchema, updateUserBodySchema, withPasswordConfirmation, type User } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { SwitchField } from '../../../components/ui/switch-field';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

/*
 * Each mode's schema checks the confirmation and drops it (it is never sent), and says which call
 * its values are for: creating needs a password, editing keeps the current one when it is blank.
 */
const createSchema = withPasswordConfirmation(createUserBodySchema).transform(({ confirmPassword, ...body }) => ({
  isNew: true as const,
  body,
}));
const updateSchemaFor = (id: string) =>
  withPasswordConfirmation(updateUserBodySchema).transform(({ confirmPassword, ...body }) => ({
    isNew: false as const,
    id,
    body,
  }));

/** Post User / Edit User: the password is optional when editing (blank keeps it). */
export function UserForm({ row, onDone }: { row?: User; onDone: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => (row ? updateSchemaFor(row._id) : createSchema), [row]);
  const form = useZodForm(schema, {
    defaultValues: {
      name: row?.name ?? '',
      email: row?.email ?? '',
      password: '',
      confirmPassword: '',
      confirmed: row?.confirmed ?? true,
      blocked: row?.blocked ?? false,
    },
  });
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const { error, save } = useSaveResource(Boolean(row), saveTexts(t, 'users'), onDone);
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save(() =>
      values.isNew
        ? createUser.mutateAsync(values.body)
        : updateUser.mutateAsync({ id: values.id, body: values.body, version: row?.updatedAt }),
    ),
  );

  return (
    <ResourceForm error={error} isBusy={isSubmitting} isDirty={isDirty} onSubmit={onSubmit} onCancel={onDone}>
      <TextField label={t('fields.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField label={t('common.email')} type="email" error={errors.email?.message} {...form.register('email')} />
      <NewPasswordFields register={form.register} errors={errors} isOptional={Boolean(row)} />
      <Controller
        control={form.control}
        name="confirmed"
        render={({ field }) => (
          <SwitchField label={t('users.confirmed')} checked={Boolean(field.value)} onChange={field.onChange} />
        )}
      />
      <Controller
        control={form.control}
        name="blocked"
        render={({ field }) => (
          <SwitchField label={t('users.blocked')} checked={Boolean(field.value)} onChange={field.onChange} />
        )}
      />
      {/* Without a role a new account sees an empty menu: say where one is given. */}
      {!row && <p className="text-xs text-slate-600">{t('users.noRoleYet')}</p>}
    </ResourceForm>
  );
}
