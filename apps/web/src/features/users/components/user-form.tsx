import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  apiRoutes,
  createUserBodySchema,
  updateUserBodySchema,
  withPasswordConfirmation,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '@community/shared';
import { SwitchField } from '../../../components/ui/switch-field';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/translate-message';
import { useZodForm } from '../../../lib/use-zod-form';
import { ResourceForm, useSaveResource } from '../../resources/resource-form';
import { saveTexts } from '../../resources/resource-texts';

const createSchema = withPasswordConfirmation(createUserBodySchema);
const updateSchema = withPasswordConfirmation(updateUserBodySchema);

/** Post User / Edit User: the password is optional when editing (blank keeps it). */
export function UserForm({ row, onDone }: { row?: User; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(row ? updateSchema : createSchema, {
    defaultValues: {
      name: row?.name ?? '',
      email: row?.email ?? '',
      password: '',
      confirmPassword: '',
      confirmed: row?.confirmed ?? true,
      blocked: row?.blocked ?? false,
    },
  });
  const { error, save } = useSaveResource<CreateUserBody | UpdateUserBody>(
    apiRoutes.users,
    row?._id,
    saveTexts(t, 'users'),
    onDone,
  );
  const { errors, isSubmitting } = form.formState;
  const message = (text?: string) => translateMessage(t, text);
  // The confirmation is checked here and never sent.
  const onSubmit = form.handleSubmit(({ confirmPassword, ...body }) => save(body));

  return (
    <ResourceForm error={error} isBusy={isSubmitting} onSubmit={onSubmit} onCancel={onDone}>
      <TextField label={t('fields.name')} error={message(errors.name?.message)} {...form.register('name')} />
      <TextField
        label={t('common.email')}
        type="email"
        error={message(errors.email?.message)}
        {...form.register('email')}
      />
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
    </ResourceForm>
  );
}
