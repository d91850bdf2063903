import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { LoginBody, LoginResponse, MfaRequired, SignInResult } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { login } from '../../features/auth/api/login';
import { authStore, useAuth } from '../../features/auth/auth-store';
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

/** The second step, and passkeys with it, load only when a sign-in asks for them. */
const MfaStep = lazy(() =>
  import('../../features/auth/components/mfa-step').then(({ MfaStep }) => ({ default: MfaStep })),
);

export function LoginRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [mfa, setMfa] = useState<MfaRequired>();
  const [isPasskeyBusy, setPasskeyBusy] = useState(false);
  const form = useForm<LoginBody>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => void loadResolver(), []);

  const invite = params.get('invite');
  // Ended elsewhere (signed out everywhere, a changed password) or expired: said, not left to guess.
  const hasEnded = useAuth().hasEnded === true;
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

  /** A password or Google credential of an account with a second factor asks for it next. */
  const onFirstStep = async (result: SignInResult) => {
    if ('mfaRequired' in result) {
      setError(undefined);
      setMfa(result);
    } else await completeSignIn(result);
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setError(undefined);
    try {
      // The screen's language becomes the mail's, for someone who has not chosen one yet.
      const language = i18n.resolvedLanguage === 'en' ? 'en' : 'el';
      await onFirstStep(await login({ ...body, language }));
    } catch (caught) {
      setError(getErrorMessage(caught, t('login.error')));
    }
  });

  const signInWithPasskey = async () => {
    setError(undefined);
    setPasskeyBusy(true);
    try {
      const passkeys = await import('../../features/auth/api/sign-in-with-passkey');
      await completeSignIn(await passkeys.signInWithPasskey());
    } catch (caught) {
      setError(getErrorMessage(caught, t('login.passkeyError')));
    }
    setPasskeyBusy(false);
  };

  if (mfa) {
    return (
      <AuthCard title={t('mfa.title')}>
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <MfaStep
            mfa={mfa}
            onSignedIn={completeSignIn}
            onRestart={(message) => {
              setMfa(undefined);
              setError(message);
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        {!error && hasEnded && <Alert tone="info">{t('login.ended')}</Alert>}
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
        {/* Browsers offer WebAuthn only on secure pages (https, or this machine). */}
        {window.PublicKeyCredential && (
          <Button type="button" variant="secondary" isBusy={isPasskeyBusy} onClick={signInWithPasskey}>
            {t('login.passkey')}
          </Button>
        )}
      </form>
      {googleClientId ? (
        <>
          <div className="my-4 flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" />
            {t('common.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleButton clientId={googleClientId} invite={invite} onSignedIn={onFirstStep} onError={setError} />
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
