import { KeyRound, LifeBuoy, Smartphone, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RECOVERY_CODE_COUNT, type MfaStatus, type Passkey, type TotpSetup, dateTimeFormat } from '@community/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconButton } from '../../../components/ui/icon-button';
import { getErrorMessage } from '../../../lib/api-client';
import { useMfaStatus } from '../api/get-mfa-status';
import { useMakeRecoveryCodes } from '../api/make-recovery-codes';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRemoveTotp } from '../api/remove-totp';
import { useStartTotpSetup } from '../api/start-totp-setup';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { PasswordDialog } from '../../../components/forms/password-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { TotpSetupDialog } from './totp-setup-dialog';

/** What is about to be removed or replaced, and so what the dialog asks. */
type Action = { kind: 'totp' } | { kind: 'passkey'; passkey: Passkey } | { kind: 'codes' };
/** The card's rows: the recovery codes come with the first factor of either kind, or made anew. */
type Factor = 'totp' | 'passkeys' | 'codes';
type Pending = Action & {
  /** Removing the last factor, and making new codes, need the password; anything else a yes. */
  needsPassword: boolean;
};

function Badge({ isOn, children }: { isOn: boolean; children: ReactNode }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${isOn ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'}`}
    >
      {children}
    </span>
  );
}

/** One kind of factor: its icon, name, state, explanation and what can be done with it. */
function FactorRow({
  icon,
  title,
  badge,
  text,
  action,
  children,
  headingRef,
}: {
  icon: ReactNode;
  title: string;
  /** The heading names the factor and its state: it takes the focus when that state changes. */
  headingRef: Ref<HTMLHeadingElement>;
  badge?: ReactNode;
  text: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span className="text-slate-500">{icon}</span>
          {title}
          {badge}
        </h3>
        {action}
      </div>
      <p className="text-sm text-slate-600">{text}</p>
      {children}
    </li>
  );
}

function PasskeyList({
  passkeys,
  onRemove,
  removingId,
}: {
  passkeys: Passkey[];
  onRemove: (passkey: Passkey) => void;
  removingId?: string;
}) {
  const { t, i18n } = useTranslation();
  const when = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  if (passkeys.length === 0) return null;
  return (
    <ul aria-label={t('mfa.passkeys')} className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
      {passkeys.map((passkey) => (
        <li key={passkey._id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{passkey.name}</p>
            <p className="text-slate-600">
              {t('mfa.passkeyDetails', {
                created: when.format(new Date(passkey.createdAt)),
                used: passkey.lastUsedAt ? when.format(new Date(passkey.lastUsedAt)) : t('mfa.never'),
              })}
            </p>
          </div>
          <IconButton
            look="smallDanger"
            icon={<Trash2 className="size-3.5" aria-hidden />}
            onClick={() => onRemove(passkey)}
            isBusy={removingId === passkey._id}
            aria-label={t('mfa.passkeyRemoveOne', { name: passkey.name })}
          >
            {t('mfa.remove')}
          </IconButton>
        </li>
      ))}
    </ul>
  );
}

function Factors({ status }: { status: MfaStatus }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // Saved, the codes leave the focus on the row they came with, which shows the new state (On, 10 of
  // 10 left); the dialogs before them are gone by then.
  const [codesFor, setCodesFor] = useState<Factor>('codes');
  const totpHeading = useRef<HTMLHeadingElement>(null);
  const passkeysHeading = useRef<HTMLHeadingElement>(null);
  const codesHeading = useRef<HTMLHeadingElement>(null);
  const setUpButton = useRef<HTMLButtonElement>(null);
  const headings: Record<Factor, RefObject<HTMLHeadingElement | null>> = {
    totp: totpHeading,
    passkeys: passkeysHeading,
    codes: codesHeading,
  };
  const [isAddingPasskey, setAddingPasskey] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [actionError, setActionError] = useState<string>();
  const startTotp = useStartTotpSetup();
  const removeTotp = useRemoveTotp();
  const removePasskey = useRemovePasskey();
  const makeCodes = useMakeRecoveryCodes();

  const factorCount = (status.totp ? 1 : 0) + status.passkeys.length;
  const hasFactor = factorCount > 0;
  const needsPassword = pending?.needsPassword === true;
  // An account made with Google has no password to ask for: a yes is all there is.
  const ask = (action: Action) =>
    setPending({ ...action, needsPassword: status.hasPassword && (action.kind === 'codes' || factorCount === 1) });
  const canUsePasskeys = typeof window.PublicKeyCredential === 'function';

  const onSetUp = async () => {
    setActionError(undefined);
    try {
      setSetup(await startTotp.mutateAsync());
    } catch (caught) {
      setActionError(getErrorMessage(caught, t('mfa.error')));
    }
  };

  /** A factor added: the recovery codes come with the first one. */
  const onAdded = (message: string, factor: Factor) => (recoveryCodes: string[] | undefined) => {
    setSetup(null);
    setAddingPasskey(false);
    toast.success(message);
    if (!recoveryCodes) return;
    setCodesFor(factor);
    setCodes(recoveryCodes);
  };

  /** Runs what `pending` says, with the password when one was asked; errors reach the caller. */
  const carryOut = async (typed?: string) => {
    if (!pending) return;
    // Left empty, no password is sent: an account made with Google has none to give.
    const password = typed || undefined;
    if (pending.kind === 'totp') {
      await removeTotp.mutateAsync({ password });
      toast.success(t('mfa.totpRemoved'));
    } else if (pending.kind === 'passkey') {
      await removePasskey.mutateAsync({ id: pending.passkey._id, password });
      toast.success(t('mfa.passkeyRemoved'));
    } else {
      const made = await makeCodes.mutateAsync({ password });
      if (made.recoveryCodes) {
        setCodesFor('codes');
        setCodes(made.recoveryCodes);
      }
    }
    setPending(null);
  };

  const confirmWithoutPassword = () => {
    setActionError(undefined);
    carryOut().catch((caught: unknown) => setActionError(getErrorMessage(caught, t('mfa.error'))));
  };

  const pendingTexts =
    pending?.kind === 'codes'
      ? { title: t('mfa.codesNewTitle'), text: t('mfa.codesNewText'), confirm: t('mfa.codesNew') }
      : pending?.kind === 'passkey'
        ? {
            title: t('mfa.passkeyRemoveTitle'),
            text: needsPassword
              ? t('mfa.lastFactorText', { name: pending.passkey.name })
              : t('mfa.passkeyRemoveText', { name: pending.passkey.name }),
            confirm: t('mfa.remove'),
          }
        : {
            title: t('mfa.totpRemoveTitle'),
            text: needsPassword ? t('mfa.lastFactorText', { name: t('mfa.totp') }) : t('mfa.totpRemoveText'),
            confirm: t('mfa.remove'),
          };

  return (
    <>
      {actionError && <Alert tone="error">{actionError}</Alert>}
      <ul className="divide-y divide-slate-100">
        <FactorRow
          icon={<Smartphone className="size-5" aria-hidden />}
          title={t('mfa.totp')}
          headingRef={totpHeading}
          badge={<Badge isOn={status.totp}>{status.totp ? t('mfa.on') : t('mfa.off')}</Badge>}
          text={t('mfa.totpText')}
          action={
            status.totp ? (
              <Button variant="secondary" isBusy={removeTotp.isPending} onClick={() => ask({ kind: 'totp' })}>
                {t('mfa.remove')}
              </Button>
            ) : (
              <Button ref={setUpButton} variant="secondary" isBusy={startTotp.isPending} onClick={onSetUp}>
                {t('mfa.setUp')}
              </Button>
            )
          }
        />
        <FactorRow
          icon={<KeyRound className="size-5" aria-hidden />}
          title={t('mfa.passkeys')}
          headingRef={passkeysHeading}
          badge={
            <Badge isOn={status.passkeys.length > 0}>
              {status.passkeys.length > 0 ? t('mfa.passkeyCount', { count: status.passkeys.length }) : t('mfa.off')}
            </Badge>
          }
          text={canUsePasskeys ? t('mfa.passkeysText') : t('mfa.passkeysUnsupported')}
          action={
            canUsePasskeys && (
              <Button variant="secondary" onClick={() => setAddingPasskey(true)}>
                {t('mfa.passkeyAdd')}
              </Button>
            )
          }
        >
          <PasskeyList
            passkeys={status.passkeys}
            onRemove={(passkey) => ask({ kind: 'passkey', passkey })}
            removingId={removePasskey.isPending ? removePasskey.variables?.id : undefined}
          />
        </FactorRow>
        <FactorRow
          icon={<LifeBuoy className="size-5" aria-hidden />}
          title={t('mfa.recoveryCodes')}
          headingRef={codesHeading}
          badge={
            hasFactor && (
              <Badge isOn={status.recoveryCodesLeft > 0}>
                {t('mfa.codesLeft', { count: status.recoveryCodesLeft, total: RECOVERY_CODE_COUNT })}
              </Badge>
            )
          }
          text={hasFactor ? t('mfa.recoveryText') : t('mfa.recoveryTextNone')}
          action={
            hasFactor && (
              <Button variant="secondary" onClick={() => ask({ kind: 'codes' })}>
                {t('mfa.codesNew')}
              </Button>
            )
          }
        />
      </ul>
      <TotpSetupDialog
        setup={setup}
        onClose={() => setSetup(null)}
        onDone={onAdded(t('mfa.totpEnabled'), 'totp')}
        returnFocusTo={setUpButton}
      />
      <AddPasskeyDialog
        isOpen={isAddingPasskey}
        onClose={() => setAddingPasskey(false)}
        onDone={onAdded(t('mfa.passkeyAdded'), 'passkeys')}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} returnFocusTo={headings[codesFor]} />
      <PasswordDialog
        isOpen={needsPassword}
        title={pendingTexts.title}
        text={pendingTexts.text}
        confirmLabel={pendingTexts.confirm}
        tone={pending?.kind === 'codes' ? 'primary' : 'danger'}
        onConfirm={carryOut}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        isOpen={pending !== null && !needsPassword}
        title={pendingTexts.title}
        text={pendingTexts.text}
        confirmLabel={pendingTexts.confirm}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmWithoutPassword}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

/** The authenticator app, passkeys and recovery codes, each with what can be done about it. */
export function SecurityCard() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  return (
    <section
      aria-labelledby="security-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-1">
        <h2 id="security-title" className="text-lg font-semibold text-slate-900">
          {t('mfa.securityTitle')}
        </h2>
        <p className="text-sm text-slate-600">{t('mfa.securityText')}</p>
      </div>
      {status.data?.enrolmentRequired && <Alert tone="warning">{t('mfa.enrolmentRequired')}</Alert>}
      {status.isError && <Alert tone="error">{getErrorMessage(status.error, t('mfa.fetchError'))}</Alert>}
      {status.isPending && <p className="text-sm text-slate-600">{t('common.loading')}</p>}
      {status.data && <Factors status={status.data} />}
    </section>
  );
}
