import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';
import { getErrorMessage } from '../../lib/api-client';

type Props = {
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Rejects with the server's sentence (a wrong password) to keep the dialog open and show it. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
};

function PasswordForm({ text, confirmLabel, tone, onConfirm, onClose }: Omit<Props, 'isOpen' | 'title'>) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await onConfirm(password);
    } catch (caught) {
      setError(getErrorMessage(caught, t('common.failed')));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{text}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t('common.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          isBusy={isBusy}
          className={tone === 'danger' ? 'bg-red-700! hover:bg-red-800!' : undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/** Asks for the password before a change that needs it: the last factor removed, new codes made. */
export function PasswordDialog({ isOpen, title, onClose, ...rest }: Props) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title}>
      {isOpen && <PasswordForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
