import { Copy } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { totpCodeSchema, type TotpSetup } from '@community/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/copy-text';
import { schemaRefusal } from '../../../lib/schema-refusal';
import { useConfirmTotp } from '../api/confirm-totp';

/** "JBSW Y3DP EHPK 3PXP": groups of four are easier to type and to check. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Props = {
  setup: TotpSetup | null;
  onClose: () => void;
  /** The app is on; `recoveryCodes` when it was the first factor. */
  onDone: (recoveryCodes: string[] | undefined) => void;
  /** Where the focus goes back to: the button that started the setup, busy (and so left) meanwhile. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** One numbered step of the setup. */
function Step({ number, children }: { number: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
        aria-hidden
      >
        {number}
      </span>
      {children}
    </li>
  );
}

function SetupSteps({ setup, onDone }: { setup: TotpSetup; onDone: Props['onDone'] }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const confirm = useConfirmTotp();
  const copyKey = async () =>
    (await copyText(setup.secret)) ? toast.success(t('mfa.keyCopied')) : toast.error(t('mfa.keyCopyFailed'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = code.trim() ? schemaRefusal(totpCodeSchema, code, i18n.resolvedLanguage) : t('mfa.codeRequired');
    if (refused) {
      setFieldError(refused);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: code.trim() });
      onDone(recoveryCodes);
    } catch {
      setCode('');
    }
  };

  return (
    <ol className="flex flex-col gap-5 text-sm text-slate-800">
      <Step number={1}>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p>{t('mfa.setupScan')}</p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('mfa.setupQrAlt')}
            width={176}
            height={176}
            className="size-44 self-center rounded-md bg-white p-1 ring-1 ring-slate-200"
          />
        </div>
      </Step>
      <Step number={2}>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p>{t('mfa.setupManual')}</p>
          {/* Wraps on a phone, where one line showed only part of the key. */}
          <Field id="totp-setup-key" label={t('mfa.setupKey')}>
            <textarea
              id="totp-setup-key"
              readOnly
              rows={2}
              value={grouped(setup.secret)}
              onFocus={(event) => event.target.select()}
              className="resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider outline-none focus:ring-2 focus:ring-brand-600"
            />
          </Field>
          <Button type="button" variant="secondary" onClick={copyKey} className="self-start">
            <Copy className="size-4" aria-hidden />
            {t('mfa.copyKey')}
          </Button>
        </div>
      </Step>
      <Step number={3}>
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-1 flex-col gap-3">
          <p>{t('mfa.setupCode')}</p>
          {confirm.error && <Alert tone="error">{getErrorMessage(confirm.error, t('mfa.error'))}</Alert>}
          <TextField
            ref={input}
            label={t('mfa.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            className="font-mono tracking-widest"
          />
          <Button type="submit" isBusy={confirm.isPending} className="self-end">
            {t('mfa.setupConfirm')}
          </Button>
        </form>
      </Step>
    </ol>
  );
}

/** Setting up an authenticator app: scan (or type) the secret, then confirm with a first code. */
export function TotpSetupDialog({ setup, onClose, onDone, returnFocusTo }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={setup !== null}
      onClose={onClose}
      title={t('mfa.setupTitle')}
      opensAtStart
      returnFocusTo={returnFocusTo}
    >
      {setup && <SetupSteps key={setup.secret} setup={setup} onDone={onDone} />}
    </Modal>
  );
}
