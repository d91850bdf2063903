import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { EventRecord } from '@community/shared';
import { ImagePicker } from '../../../components/forms/image-picker';
import { Alert } from '../../../components/ui/alert';
import { IconButton } from '../../../components/ui/icon-button';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteEventImage } from '../api/delete-event-image';
import { useUploadEventImage } from '../api/upload-event-image';

type Props = {
  /** The saved event: a chosen picture is sent at once. Absent while creating. */
  event?: EventRecord;
  /** While creating, the picture chosen to send once the event exists. */
  pending: PendingImage | null;
  onPending: (image: PendingImage | null) => void;
};

/** A picture chosen before the event exists, and its preview. */
export type PendingImage = { file: File; url: string };

/** A file as a data: address, the only local kind the content policy lets an image show. */
const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });

/** The event's optional picture, under the rules of profile images. */
export function EventImageField({ event, pending, onPending }: Props) {
  const { t } = useTranslation();
  const [image, setImage] = useState(event?.imageUrl ?? null);
  const [error, setError] = useState<string>();
  const upload = useUploadEventImage();
  const remove = useDeleteEventImage();

  const onFile = (file: File) => {
    setError(undefined);
    if (!event) {
      dataUrlOf(file).then(
        (url) => onPending({ file, url }),
        () => setError(t('events.imageError')),
      );
      return;
    }
    upload.mutate(
      { id: event._id, file },
      {
        onSuccess: (saved) => {
          setImage(saved.imageUrl);
          toast.success(t('events.imageSaved'));
        },
        onError: (caught) => setError(getErrorMessage(caught, t('events.imageError'))),
      },
    );
  };

  const onRemove = () => {
    setError(undefined);
    if (!event) {
      onPending(null);
      return;
    }
    remove.mutate(event._id, {
      onSuccess: () => {
        setImage(null);
        toast.success(t('events.imageRemoved'));
      },
      onError: (caught) => setError(getErrorMessage(caught, t('events.imageError'))),
    });
  };

  const shown = event ? image : (pending?.url ?? null);
  return (
    <div className="flex flex-col gap-2">
      {error && <Alert tone="error">{error}</Alert>}
      <ImagePicker
        label={t('events.imageOptional')}
        image={shown}
        alt={t('events.currentImage')}
        shape="wide"
        placeholder={
          <ImageIcon className="h-16 w-28 shrink-0 rounded-md bg-slate-100 p-4 text-slate-500" aria-hidden />
        }
        isBusy={upload.isPending || remove.isPending}
        onFile={onFile}
        onTooLarge={setError}
      >
        {shown && (
          <IconButton
            look="smallDanger"
            className="self-start"
            icon={null}
            isBusy={remove.isPending}
            onClick={onRemove}
          >
            {t('events.removeImage')}
          </IconButton>
        )}
      </ImagePicker>
    </div>
  );
}
