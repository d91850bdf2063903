import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  apiRoutes,
  createUserBodySchema,
  updateUserBodySchema,
  withPasswordConfirmation,
  type User,
} from '@community/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/translate-message';
import { useResourceMutations } from '../../resources/use-resource';

const createSchema = withPasswordConfirmation(createUserBodySchema);
const updateSchema = withPasswordConfirmation(updateUserBodySchema);
type UserFormValues = z.input<typeof createSchema>;

/** Post User / Edit User: the password is optional when editing (blank keeps it). */
export function UserForm({ row, onDone }: { row?: User; onDone: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const { create, update } = useResourceMutations<unknown>(apiRoutes.users);
  const form = useForm<UserFormValues>({
    resolver: zodResolver(row ? updateSchema : createSchema) as never,
    defaultValues: {
      name: row?.name ?? '',
      email: row?.email ?? '',
      password: '',
      confirmPassword: '',
      confirmed: row?.confirmed ?? true,
      blocked: row?.blocked ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text?: string) => translateMessage(t, text);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(undefined);
    // The confirmation is checked here and never sent.
    const { confirmPassword, ...body } = values as UserFormValues & { confirmPassword?: string };
    try {
      if (row) {
        await update.mutateAsync({ id: row._id, body });
        toast.success(t('users.updated'));
      } else {
        await create.mutateAsync(body);
        toast.success(t('users.created'));
      }
      onDone();
    } catch (caught) {
      setError(getErrorMessage(caught, t(row ? 'users.updateError' : 'users.createError')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label={t('users.name')} error={message(errors.name?.message)} {...form.register('name')} />
      <TextField
        label={t('common.email')}
        type="email"
        error={message(errors.email?.message)}
        {...form.register('email')}
      />
      <TextField
        label={t('common.password')}
        type="password"
        autoComplete="new-password"
        placeholder={row ? t('users.passwordKeep') : undefined}
        error={message(errors.password?.message)}
        {...form.register('password')}
      />
      <TextField
        label={t('common.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={message(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
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
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isBusy={isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
