import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageCodeSchema } from '@community/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';

type Props = { isOpen: boolean; existing: string[]; onClose: () => void; onAdd: (code: string) => void };

/** Asks for a language code such as el, gr, it or us; a longer word is refused with why, not cut short. */
export function AddLanguageDialog({ isOpen, existing, onClose, onAdd }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = languageCodeSchema.safeParse(code);
    if (!parsed.success) return setError(t('translations.codeInvalid'));
    if (existing.includes(parsed.data)) return setError(t('translations.codeExists'));
    setCode('');
    setError(undefined);
    onAdd(parsed.data);
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('translations.addLanguage')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('translations.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="el, gr, it, us"
          autoComplete="off"
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('translations.add')}</Button>
        </div>
      </form>
    </Modal>
  );
}
