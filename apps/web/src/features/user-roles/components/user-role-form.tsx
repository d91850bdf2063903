import { useTranslation } from 'react-i18next';
import { createUserRoleBodySchema, type Role, type User, type UserRole } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import { SelectField } from '../../../components/ui/select-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateUserRole } from '../api/create-user-role';
import { useUpdateUserRole } from '../api/update-user-role';

type Props = {
  row?: UserRole;
  onDone: () => void;
  /** What the pickers offer. */
  users: User[];
  roles: Role[];
};

export function UserRoleForm({ row, onDone, users, roles }: Props) {
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
  const { errors, isSubmitting } = form.formState;
  // Only people who can sign in may be given a role.
  const userOptions = users
    .filter((user) => user.confirmed && !user.blocked)
    .map((user) => ({ value: user._id, label: `${user.name} <${user.email}>` }));
  const roleOptions = roles.map((role) => ({ value: role._id, label: role.name }));
  return (
    <ResourceForm error={error} isBusy={isSubmitting} onSubmit={onSubmit} onCancel={onDone}>
      <SelectField
        label={t('userRoles.user')}
        placeholder={t('userRoles.pickUser')}
        options={userOptions}
        error={errors.user?.message}
        {...form.register('user')}
      />
      <SelectField
        label={t('userRoles.role')}
        placeholder={t('userRoles.pickRole')}
        options={roleOptions}
        error={errors.role?.message}
        {...form.register('role')}
      />
    </ResourceForm>
  );
}
