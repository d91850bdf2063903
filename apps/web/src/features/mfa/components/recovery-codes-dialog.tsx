import { Copy, Download } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { copyText } from '../../../lib/copy-text';

/** Saves the codes as a text file, made here: they never travel again. */
function downloadText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type Props = {
  codes: string[] | null;
  onClose: () => void;
  /** What takes the focus once they are saved: the state they came with. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** Recovery codes, shown once: copy them, download them, and say they are saved. */
export function RecoveryCodesDialog({ codes, onClose, returnFocusTo }: Props) {
  const { t } = useTranslation();
  const text = codes?.join('\n') ?? '';
  const copy = async () =>
    (await copyText(text)) ? toast.success(t('mfa.codesCopied')) : toast.error(t('mfa.codesCopyFailed'));
  return (
    // Shown this once: only "I have saved them" closes it, not a stray Escape or click.
    <Modal
      isOpen={codes !== null}
      onClose={onClose}
      title={t('mfa.codesTitle')}
      returnFocusTo={returnFocusTo}
      closesOnlyByButton
    >
      <div className="flex flex-col gap-4">
        <Alert tone="warning">{t('mfa.codesWarning')}</Alert>
        <ul
          aria-label={t('mfa.codesList')}
          className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-md bg-slate-50 p-4 font-mono text-base text-slate-900 ring-1 ring-slate-200"
        >
          {codes?.map((code) => (
            <li key={code} className="text-center tracking-wider">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={copy}>
            <Copy className="size-4" aria-hidden />
            {t('mfa.codesCopy')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => downloadText(`${t('mfa.codesFileHeading')}\n\n${text}\n`, 'recovery-codes.txt')}
          >
            <Download className="size-4" aria-hidden />
            {t('mfa.codesDownload')}
          </Button>
        </div>
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button onClick={onClose}>{t('mfa.codesSaved')}</Button>
        </div>
      </div>
    </Modal>
  );
}
