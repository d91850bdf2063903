import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useAddPasskey } from '../api/add-passkey';
import { describeDevice } from '../passkey-name';

const MAX_NAME_LENGTH = 60;

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /** The passkey is saved; `recoveryCodes` when it was the first factor. */
  onDone: (recoveryCodes: string[] | undefined) => void;
};

function AddPasskeyForm({ onClose, onDone }: Omit<Props, 'isOpen'>) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => {
    const { browser, system } = describeDevice();
    if (browser && system) return t('mfa.passkeyDefaultName', { browser, system });
    return browser ?? system ?? t('mfa.passkey');
  });
  const [fieldError, setFieldError] = useState<string>();
  const add = useAddPasskey();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setFieldError(t('mfa.passkeyNameRequired'));
      return;
    }
    setFieldError(undefined);
    try {
      const { recoveryCodes } = await add.mutateAsync(name.trim());
      onDone(recoveryCodes);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('mfa.passkeyAddText')}</p>
      {/* Cancelled in the browser's own dialog, or refused by the server. */}
      {add.error && <Alert tone="error">{getErrorMessage(add.error, t('mfa.passkeyAddError'))}</Alert>}
      <TextField
        label={t('mfa.passkeyName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldError}
        maxLength={MAX_NAME_LENGTH}
        autoFocus
      />
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isBusy={add.isPending}>
          {t('mfa.passkeyContinue')}
        </Button>
      </div>
    </form>
  );
}

/** Names the new passkey, then hands over to the browser's own dialog. */
export function AddPasskeyDialog({ isOpen, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('mfa.passkeyAddTitle')}>
      {isOpen && <AddPasskeyForm onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}
