import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/text-field';

type PasswordValues = { password?: string | null; confirmPassword?: string };

/** Password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields<Values extends PasswordValues>(props: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  /** Shown when a blank password keeps the current one. */
  isOptional?: boolean;
}) {
  const { t } = useTranslation();
  // The two names exist on every form this serves; the cast only narrows the generic key type.
  const register = props.register as unknown as UseFormRegister<PasswordValues>;
  const errors = props.errors as FieldErrors<PasswordValues>;
  return (
    <>
      <TextField
        label={t('common.password')}
        type="password"
        autoComplete="new-password"
        placeholder={props.isOptional ? t('users.passwordKeep') : undefined}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t('common.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
