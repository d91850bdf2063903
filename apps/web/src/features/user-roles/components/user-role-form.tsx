import { useTranslation } from 'react-i18next';
import {
  apiRoutes,
  createUserRoleBodySchema,
  type CreateUserRoleBody,
  type Role,
  type User,
  type UserRole,
} from '@community/shared';
import { SelectField } from '../../../components/ui/select-field';
import { translateMessage } from '../../../lib/translate-message';
import { useZodForm } from '../../../lib/use-zod-form';
import { ResourceForm, useSaveResource } from '../../resources/resource-form';
import { saveTexts } from '../../resources/resource-texts';
import { useReference } from '../../resources/use-reference';

export function UserRoleForm({ row, onDone }: { row?: UserRole; onDone: () => void }) {
  const { t } = useTranslation();
  const users = useReference<User>(apiRoutes.users, 1e5);
  const roles = useReference<Role>(apiRoutes.roles, 1e5);
  const form = useZodForm(createUserRoleBodySchema, {
    defaultValues: { user: row?.user._id ?? '', role: row?.role._id ?? '' },
  });
  const { error, save } = useSaveResource<CreateUserRoleBody>(
    apiRoutes.userRoles,
    row?._id,
    saveTexts(t, 'userRoles'),
    onDone,
  );
  const { errors, isSubmitting } = form.formState;
  // Only people who can sign in may be given a role.
  const userOptions = (users.data?.data ?? [])
    .filter((user) => user.confirmed && !user.blocked)
    .map((user) => ({ value: user._id, label: `${user.name} <${user.email}>` }));
  const roleOptions = (roles.data?.data ?? []).map((role) => ({ value: role._id, label: role.name }));
  return (
    <ResourceForm error={error} isBusy={isSubmitting} onSubmit={form.handleSubmit(save)} onCancel={onDone}>
      <SelectField
        label={t('userRoles.user')}
        placeholder={t('userRoles.pickUser')}
        options={userOptions}
        error={translateMessage(t, errors.user?.message)}
        {...form.register('user')}
      />
      <SelectField
        label={t('userRoles.role')}
        placeholder={t('userRoles.pickRole')}
        options={roleOptions}
        error={translateMessage(t, errors.role?.message)}
        {...form.register('role')}
      />
    </ResourceForm>
  );
}
