import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createRoleBodySchema, localizeRoleDescription, type Role } from '@community/shared';
import { ResourceForm, useSaveResource } from '../../../components/resource-list/resource-form';
import { saveTexts } from '../../../components/resource-list/resource-texts';
import type { ComboboxOption, UseComboboxOptions } from '../../../components/ui/combobox';
import { MultiCombobox } from '../../../components/ui/multi-combobox';
import { TextField } from '../../../components/ui/text-field';
import { useSeededText } from '../../../lib/seeded-text';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';

type Props = {
  row?: Role;
  onDone: () => void;
  /** What the pickers find as one types, and how the role's own ones read. */
  usePermissionOptions: UseComboboxOptions;
  useClientPermissionOptions: UseComboboxOptions;
  permissionLabel: (permission: Role['permissions'][number]) => string;
  menuEntryLabel: (entry: Role['clientPermissions'][number]) => string;
};

export function RoleForm({
  row,
  onDone,
  usePermissionOptions,
  useClientPermissionOptions,
  permissionLabel,
  menuEntryLabel,
}: Props) {
  const { t } = useTranslation();
  const allPermissionsId = useId();
  const description = useSeededText(row?.description ?? '', localizeRoleDescription);
  const form = useZodForm(createRoleBodySchema, {
    defaultValues: {
      name: row?.name ?? '',
      description: description.shown,
      permission: row?.permission ?? [],
      clientPermission: row?.clientPermission ?? [],
    },
  });
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const { error, save } = useSaveResource(Boolean(row), saveTexts(t, 'roles'), onDone);
  const onSubmit = form.handleSubmit((typed) => {
    const body = { ...typed, description: description.toStored(typed.description) };
    return save(() =>
      row ? updateRole.mutateAsync({ id: row._id, body, version: row.updatedAt }) : createRole.mutateAsync(body),
    );
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // What is picked, as shown: the form keeps only the ids.
  const [permissions, setPermissions] = useState<ComboboxOption[]>(
    (row?.permissions ?? []).map((permission) => ({ value: permission._id, label: permissionLabel(permission) })),
  );
  const [menuEntries, setMenuEntries] = useState<ComboboxOption[]>(
    (row?.clientPermissions ?? []).map((entry) => ({ value: entry._id, label: menuEntryLabel(entry) })),
  );
  return (
    <ResourceForm error={error} isBusy={isSubmitting} isDirty={isDirty} onSubmit={onSubmit} onCancel={onDone}>
      <TextField label={t('fields.name')} error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={t('fields.descriptionOptional')}
        error={errors.description?.message}
        {...form.register('description')}
      />
      {row?.type === 'admin' ? (
        // The administrators' role holds every permission by its type: a pick would change nothing.
        <section aria-labelledby={allPermissionsId} className="flex flex-col gap-1 text-sm">
          <h3 id={allPermissionsId} className="font-medium text-slate-700">
            {t('roles.permissions')}
          </h3>
          <p className="text-slate-600">{t('roles.allHeld')}</p>
        </section>
      ) : (
        <Controller
          control={form.control}
          name="permission"
          render={({ field }) => (
            <MultiCombobox
              label={t('roles.permissions')}
              placeholder={t('combobox.typeToSearch')}
              values={permissions}
              onChange={(values) => {
                setPermissions(values);
                field.onChange(values.map((value) => value.value));
              }}
              useOptions={usePermissionOptions}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="clientPermission"
        render={({ field }) => (
          <MultiCombobox
            label={t('roles.clientPermissions')}
            placeholder={t('combobox.typeToSearch')}
            values={menuEntries}
            onChange={(values) => {
              setMenuEntries(values);
              field.onChange(values.map((value) => value.value));
            }}
            useOptions={useClientPermissionOptions}
          />
        )}
      />
    </ResourceForm>
  );
}
