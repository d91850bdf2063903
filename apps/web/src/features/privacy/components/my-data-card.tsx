import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PasswordDialog } from '../../../components/forms/password-dialog';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteMyAccount } from '../api/delete-my-account';
import { useDownloadMyData } from '../api/download-my-data';

/** The rights of access and erasure: my data as a file, and my account deleted. */
export function MyDataCard({ onDeleted }: { onDeleted: (message: string) => void }) {
  const { t } = useTranslation();
  const downloading = useDownloadMyData();
  const deleting = useDeleteMyAccount();
  const [isConfirming, setIsConfirming] = useState(false);

  return (
    <section
      aria-labelledby="my-data"
      className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="my-data" className="text-lg font-semibold text-slate-900">
        {t('privacy.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('privacy.intro')}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          isBusy={downloading.isPending}
          onClick={() =>
            downloading.mutate(undefined, {
              onError: (error) => toast.error(getErrorMessage(error, t('privacy.downloadError'))),
            })
          }
        >
          <Download className="size-4" aria-hidden />
          {t('privacy.download')}
        </Button>
        <Button variant="secondary" className="text-red-700!" onClick={() => setIsConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          {t('privacy.delete')}
        </Button>
      </div>
      <PasswordDialog
        isOpen={isConfirming}
        title={t('privacy.deleteTitle')}
        text={t('privacy.deleteText')}
        confirmLabel={t('privacy.deleteConfirm')}
        tone="danger"
        onClose={() => setIsConfirming(false)}
        onConfirm={async (password) => {
          const { message } = await deleting.mutateAsync({ password: password || undefined });
          setIsConfirming(false);
          onDeleted(message);
        }}
      />
    </section>
  );
}
