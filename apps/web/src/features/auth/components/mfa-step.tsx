import { KeyRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { totpCodeSchema, type LoginResponse, type MfaRequired } from '@community/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { schemaRefusal } from '../../../lib/schema-refusal';
import { getLoginMfaPasskeyOptions, loginMfa, type LoginMfaBody } from '../api/login-mfa';

type Mode = 'totp' | 'recovery';

type Props = {
  mfa: MfaRequired;
  onSignedIn: (response: LoginResponse) => Promise<void>;
  /** Back to the password, with the reason when the challenge ended (expired, too many tries). */
  onRestart: (message?: string) => void;
};

const linkLook = 'self-center rounded text-sm underline focus-visible:outline-2 focus-visible:outline-brand-600';
const linkButton = `${linkLook} text-brand-700`;

/**
 * The second step of a sign-in, in the card of the first: a code from the authenticator app, a
 * recovery code, or a passkey, whichever the account has. The sign-in screen loads this only
 * when a sign-in asks for it.
 */
export function MfaStep({ mfa, onSignedIn, onRestart }: Props) {
  const { t, i18n } = useTranslation();
  const { methods, challenge } = mfa;
  const hasTotp = methods.includes('totp');
  const hasRecovery = methods.includes('recovery');
  const hasPasskey = methods.includes('passkey');
  // With a passkey and no app, the passkey is the first thing offered.
  const [mode, setMode] = useState<Mode | null>(hasTotp ? 'totp' : hasPasskey ? null : 'recovery');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = async (body: LoginMfaBody, fallback: string) => {
    setError(undefined);
    try {
      await onSignedIn(await loginMfa(body));
    } catch (caught) {
      // A challenge ended (expired, or too many wrong codes) means starting again with the password.
      if (caught instanceof ApiError && caught.status === 401) {
        onRestart(getErrorMessage(caught, t('mfa.expired')));
        return;
      }
      setError(getErrorMessage(caught, fallback));
      setValue('');
      input.current?.focus();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mode || busy) return;
    const entered = value.trim();
    const refused = !entered
      ? t(mode === 'totp' ? 'mfa.codeRequired' : 'mfa.recoveryCodeRequired')
      : mode === 'totp'
        ? schemaRefusal(totpCodeSchema, entered, i18n.resolvedLanguage)
        : undefined;
    if (refused) {
      setFieldError(refused);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setBusy('code');
    await send(mode === 'totp' ? { challenge, code: entered } : { challenge, recoveryCode: entered }, t('mfa.error'));
    setBusy(null);
  };

  const tryPasskey = async () => {
    setError(undefined);
    setBusy('passkey');
    try {
      const [{ startAuthentication }, optionsJSON] = await Promise.all([
        import('@simplewebauthn/browser'),
        getLoginMfaPasskeyOptions(challenge),
      ]);
      const passkey = await startAuthentication({ optionsJSON });
      await send({ challenge, passkey }, t('mfa.passkeyError'));
    } catch (caught) {
      // Cancelled in the browser's own dialog, or the options refused.
      if (caught instanceof ApiError && caught.status === 401) onRestart(getErrorMessage(caught, t('mfa.expired')));
      else setError(getErrorMessage(caught, t('mfa.passkeyError')));
    }
    setBusy(null);
  };

  const swap = (next: Mode) => {
    setMode(next);
    setValue('');
    setFieldError(undefined);
    setError(undefined);
  };

  return (
    <div className="flex flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-sm text-slate-700">
        {mode === 'totp' ? t('mfa.totpHint') : mode === 'recovery' ? t('mfa.recoveryHint') : t('mfa.passkeyHint')}
      </p>
      {mode && (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            key={mode}
            ref={input}
            label={mode === 'totp' ? t('mfa.code') : t('mfa.recoveryCode')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
            autoFocus
            autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={mode === 'totp' ? 9 : 24}
            className="font-mono tracking-widest"
          />
          <Button type="submit" isBusy={busy === 'code'} disabled={busy === 'passkey'}>
            {t('mfa.verify')}
          </Button>
        </form>
      )}
      {mode === 'totp' && hasRecovery && (
        <button type="button" className={linkButton} onClick={() => swap('recovery')}>
          {t('mfa.useRecovery')}
        </button>
      )}
      {mode === 'recovery' && hasTotp && (
        <button type="button" className={linkButton} onClick={() => swap('totp')}>
          {t('mfa.useTotp')}
        </button>
      )}
      {hasPasskey && (
        <>
          {mode && (
            <div className="flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden>
              <span className="h-px flex-1 bg-slate-200" />
              {t('common.or')}
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          )}
          <Button
            type="button"
            variant={mode ? 'secondary' : 'primary'}
            isBusy={busy === 'passkey'}
            disabled={busy === 'code'}
            onClick={tryPasskey}
          >
            <KeyRound className="size-4" aria-hidden />
            {t('mfa.usePasskey')}
          </Button>
        </>
      )}
      {mode === null && hasRecovery && (
        <button type="button" className={linkButton} onClick={() => swap('recovery')}>
          {t('mfa.useRecovery')}
        </button>
      )}
      <button type="button" className={`${linkLook} text-slate-600`} onClick={() => onRestart()}>
        {t('mfa.startAgain')}
      </button>
    </div>
  );
}
