import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { registerInviteBodySchema, type InviteValidation, dateTimeFormat } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useInviteValidation } from '../../features/invites/api/get-invite-validation';
import { useRegisterInvite } from '../../features/invites/api/register-invite';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { getErrorMessage } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../layout/auth-card';

const registrationSchema = registerInviteBodySchema.omit({ token: true });

/** Why the invite cannot be used (invalid, then expired, then already used); null when it can. */
function refusalKey(validation: InviteValidation): string | null {
  if (!validation.ok) return 'acceptInvite.invalid';
  if (validation.expired) return 'acceptInvite.expired';
  if (validation.consumed) return 'acceptInvite.used';
  return null;
}

export function AcceptInviteRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? params.get('invite') ?? '';
  const validation = useInviteValidation(token);

  let body;
  if (!token) body = <Alert tone="error">{t('acceptInvite.invalid')}</Alert>;
  else if (validation.isPending) body = <p role="status">{t('acceptInvite.checking')}</p>;
  else if (validation.isError)
    body = <Alert tone="error">{getErrorMessage(validation.error, t('acceptInvite.invalid'))}</Alert>;
  else {
    const refusal = refusalKey(validation.data);
    body = refusal ? (
      <Alert tone="error">{t(refusal)}</Alert>
    ) : (
      <ValidInvite token={token} validation={validation.data} />
    );
  }

  return (
    <AuthCard title={t('acceptInvite.title')}>
      <div className="flex flex-col gap-4">{body}</div>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-brand-700 underline">
          {t('acceptInvite.toLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}

function ValidInvite({ token, validation }: { token: string; validation: InviteValidation }) {
  const { t, i18n } = useTranslation();
  const hasGoogle = Boolean(useSiteConfig().data?.googleClientId);
  const [submittedTo, setSubmittedTo] = useState<string>();
  const [error, setError] = useState<string>();
  const form = useZodForm(registrationSchema, {
    defaultValues: { name: '', email: validation.email ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const registerInvite = useRegisterInvite();
  const expires = validation.expiresAt
    ? dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(validation.expiresAt),
      )
    : '';

  const onSubmit = form.handleSubmit(async (registration) => {
    setError(undefined);
    try {
      // The mail that confirms the address, and the ones after it, come in the language on screen.
      const language = i18n.resolvedLanguage === 'en' ? 'en' : 'el';
      await registerInvite.mutateAsync({ ...registration, token, language });
      setSubmittedTo(registration.email);
    } catch (caught) {
      setError(getErrorMessage(caught, t('acceptInvite.error')));
    }
  });

  if (submittedTo) return <Alert tone="success">{t('acceptInvite.checkMail', { email: submittedTo })}</Alert>;

  return (
    <>
      <p className="text-sm text-slate-700">
        {t('acceptInvite.for', { email: validation.email ?? t('acceptInvite.anyEmail') })}
        <br />
        {t('acceptInvite.expires', { date: expires })}
      </p>
      {validation.confirming && <Alert tone="info">{t('acceptInvite.confirming')}</Alert>}
      {hasGoogle && (
        <>
          <Link to={`/login?invite=${encodeURIComponent(token)}`} className={buttonClass('secondary')}>
            {t('acceptInvite.google')}
          </Link>
          <div className="flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" />
            {t('common.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          readOnly={validation.email !== null}
          aria-readonly={validation.email !== null || undefined}
          className={validation.email ? 'bg-slate-100' : undefined}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('common.password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" isBusy={isSubmitting}>
          {t('acceptInvite.submit')}
        </Button>
        <p className="text-sm text-slate-600">{t('acceptInvite.note')}</p>
      </form>
    </>
  );
}
