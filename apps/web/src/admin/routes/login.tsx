import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { LoginBody, LoginResponse } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { login } from '../../features/auth/api/login';
import { authStore } from '../../features/auth/auth-store';
import { GoogleButton } from '../../features/auth/components/google-button';
import { safeNext } from '../../features/auth/safe-next';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { getErrorMessage } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { AuthCard } from '../layout/auth-card';

/**
 * The validation (and zod with it) loads just after the screen appears, long before anyone can
 * submit, so the first paint of the sign-in screen does not wait for it.
 */
const loadResolver = () => import('../../features/auth/login-resolver').then((module) => module.loginResolver);
const loginResolver: Resolver<LoginBody> = async (...args) => (await loadResolver())(...args);

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const form = useForm<LoginBody>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => void loadResolver(), []);

  const invite = params.get('invite');
  const googleClientId = useSiteConfig().data?.googleClientId;
  const hasGoogle = Boolean(googleClientId);

  const completeSignIn = async (response: LoginResponse) => {
    authStore.signIn(response);
    // Menus depend on who is signed in.
    await queryClient.invalidateQueries();
    toast.success(t('login.success'));
    const next = safeNext(params.get('next'));
    if ('site' in next) window.location.assign(next.site);
    else void navigate(next.inApp, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setError(undefined);
    try {
      await completeSignIn(await login(body));
    } catch (caught) {
      setError(getErrorMessage(caught, t('login.error')));
    }
  });

  return (
    <AuthCard title={t('login.title')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        {invite && hasGoogle && <Alert tone="info">{t('login.inviteHint')}</Alert>}
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('common.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" isBusy={isSubmitting}>
          {t('login.submit')}
        </Button>
      </form>
      {googleClientId ? (
        <>
          <div className="my-4 flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" />
            {t('common.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleButton clientId={googleClientId} invite={invite} onSignedIn={completeSignIn} onError={setError} />
        </>
      ) : null}
      <p className="mt-4 text-center text-sm">
        <Link to="/forgot-password" className="text-brand-700 underline">
          {t('login.forgot')}
        </Link>
      </p>
    </AuthCard>
  );
}
