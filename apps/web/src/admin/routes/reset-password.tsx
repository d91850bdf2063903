import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { passwordSchema, withPasswordConfirmation } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { NewPasswordFields } from '../../components/forms/new-password-fields';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { getErrorMessage } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../layout/auth-card';

const resetFormSchema = withPasswordConfirmation(z.object({ password: passwordSchema }));
/** Seconds the success banner stays before the login screen opens. */
const REDIRECT_DELAY_MS = 1500;

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resetToken = '' } = useParams();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string }>();
  const form = useZodForm(resetFormSchema, { defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const resetPassword = useResetPassword();

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome(undefined);
    try {
      await resetPassword.mutateAsync({ password, resetToken });
      setOutcome({ tone: 'success', text: t('reset.success') });
      toast.success(t('reset.toast'));
      setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    } catch (caught) {
      setOutcome({ tone: 'error', text: getErrorMessage(caught, t('reset.error')) });
    }
  });

  return (
    <AuthCard title={t('reset.title')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <NewPasswordFields register={form.register} errors={errors} />
        <Button type="submit" isBusy={isSubmitting}>
          {t('reset.submit')}
        </Button>
        {/* A link that has expired or was used is a dead end without a way to a new one. */}
        {outcome?.tone === 'error' && (
          <div className="flex justify-between gap-3 text-sm">
            <Link to="/forgot-password" className="text-brand-700 underline">
              {t('reset.newLink')}
            </Link>
            <Link to="/login" className="text-brand-700 underline">
              {t('forgot.backToLogin')}
            </Link>
          </div>
        )}
      </form>
    </AuthCard>
  );
}
