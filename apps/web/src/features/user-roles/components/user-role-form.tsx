import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createUserRoleBodySchema, type UserRole } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { Combobox, type ComboboxOption, type UseComboboxOptions } from '../../../components/ui/combobox';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateUserRole } from '../api/create-user-role';
import { useUpdateUserRole } from '../api/update-user-role';

type Props = {
  row?: UserRole;
  onDone: () => void;
  /** What the pickers find as one types: people who may sign in, and roles. */
  useUserOptions: UseComboboxOptions;
  useRoleOptions: UseComboboxOptions;
};

/** Who and which role, each picked by searching the server as one types. */
export function UserRoleForm({ row, onDone, useUserOptions, useRoleOptions }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(createUserRoleBodySchema, {
    defaultValues: { user: row?.user._id ?? '', role: row?.role._id ?? '' },
  });
  const createUserRole = useCreateUserRole();
  const updateUserRole = useUpdateUserRole();
  const { error, save } = useSaveResource(Boolean(row), saveTexts(t, 'userRoles'), onDone);
  const onSubmit = form.handleSubmit((body) =>
    save(() => (row ? updateUserRole.mutateAsync({ id: row._id, body }) : createUserRole.mutateAsync(body))),
  );
  const { errors, isSubmitting, isDirty } = form.formState;
  // The chosen options as shown: the form keeps only their ids.
  const [user, setUser] = useState<ComboboxOption | null>(
    row ? { value: row.user._id, label: `${row.user.name} <${row.user.email}>` } : null,
  );
  const [role, setRole] = useState<ComboboxOption | null>(row ? { value: row.role._id, label: row.role.name } : null);
  return (
    <ResourceForm error={error} isBusy={isSubmitting} isDirty={isDirty} onSubmit={onSubmit} onCancel={onDone}>
      <Controller
        control={form.control}
        name="user"
        render={({ field }) => (
          <Combobox
            label={t('userRoles.user')}
            placeholder={t('userRoles.pickUser')}
            value={user}
            onChange={(option) => {
              setUser(option && { ...option, label: `${option.label} <${option.detail}>` });
              field.onChange(option?.value ?? '');
            }}
            useOptions={useUserOptions}
            error={errors.user?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <Combobox
            label={t('userRoles.role')}
            placeholder={t('userRoles.pickRole')}
            value={role}
            onChange={(option) => {
              setRole(option);
              field.onChange(option?.value ?? '');
            }}
            useOptions={useRoleOptions}
            error={errors.role?.message}
          />
        )}
      />
    </ResourceForm>
  );
}
