import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useConfirmRegistration } from '../../features/invites/api/confirm-registration';
import { getErrorMessage } from '../../lib/api-client';
import { useFocusRescue } from '../../lib/use-focus-rescue';
import { AuthCard } from '../layout/auth-card';

/**
 * The page the confirmation mail links to. It asks for a click rather than confirming on load,
 * because mail scanners open links too.
 */
export function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmRegistration();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string }>();

  // Two clicks before the button shows it is busy would send the link twice, and the second
  // answer (the link is spent) would hide the first one's success.
  const isSending = useRef(false);
  // Confirmed, the button goes: the focus moves on to the way out rather than to the page.
  const toLogin = useRef<HTMLAnchorElement>(null);
  const focusRescue = useFocusRescue(toLogin, outcome);

  const onConfirm = async () => {
    if (isSending.current) return;
    isSending.current = true;
    setOutcome(undefined);
    try {
      await confirm.mutateAsync(token);
      setOutcome({ tone: 'success', text: t('acceptInvite.submitted') });
    } catch (caught) {
      setOutcome({ tone: 'error', text: getErrorMessage(caught, t('confirmEmail.error')) });
    } finally {
      isSending.current = false;
    }
  };

  return (
    <AuthCard title={t('confirmEmail.title')}>
      <div className="flex flex-col gap-4" {...focusRescue}>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        {!token && <Alert tone="error">{t('confirmEmail.invalid')}</Alert>}
        {token && outcome?.tone !== 'success' && (
          <>
            <p className="text-sm text-slate-700">{t('confirmEmail.intro')}</p>
            <Button onClick={onConfirm} isBusy={confirm.isPending}>
              {t('confirmEmail.submit')}
            </Button>
          </>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link ref={toLogin} to="/login" className="text-brand-700 underline">
          {t('acceptInvite.toLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
