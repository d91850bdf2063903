import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { forgotPasswordBodySchema } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useForgotPassword } from '../../features/auth/api/forgot-password';
import { getErrorMessage } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../layout/auth-card';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string }>();
  const form = useZodForm(forgotPasswordBodySchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const forgotPassword = useForgotPassword();

  const onSubmit = form.handleSubmit(async (body) => {
    setOutcome(undefined);
    try {
      await forgotPassword.mutateAsync(body);
      setOutcome({ tone: 'success', text: t('forgot.sent') });
      toast.success(t('forgot.toast'));
    } catch (caught) {
      setOutcome({ tone: 'error', text: getErrorMessage(caught, t('forgot.error')) });
    }
  });

  return (
    <AuthCard title={t('forgot.title')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <p className="text-sm text-slate-600">{t('forgot.intro')}</p>
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" isBusy={isSubmitting}>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-brand-700 underline">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
