import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PROFILE_IMAGE_BYTES } from '@community/shared';

/** The kinds of picture the server accepts (SVG never: it can carry scripts). */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

type Props = {
  label: string;
  /** The picture shown now, or null for `placeholder`. */
  image: string | null;
  alt: string;
  placeholder: ReactNode;
  shape?: 'round' | 'wide';
  isBusy?: boolean;
  /** A file within the size limit, as chosen. */
  onFile: (file: File) => void;
  /** A file over the limit: refused here, so no one waits for a large upload to be refused. */
  onTooLarge: (message: string) => void;
  /** Extra controls beside the file input (e.g. Remove). */
  children?: ReactNode;
};

/** A picture and the file input that replaces it, with the size limit of profile images. */
export function ImagePicker({
  label,
  image,
  alt,
  placeholder,
  shape = 'round',
  isBusy = false,
  onFile,
  onTooLarge,
  children,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PROFILE_IMAGE_BYTES) onTooLarge(t('profile.fileTooLarge'));
    else onFile(file);
  };
  const look = shape === 'round' ? 'size-16 rounded-full' : 'h-16 w-28 rounded-md';
  return (
    <div className="flex items-center gap-4">
      {image ? (
        <img
          src={image}
          alt={alt}
          width={shape === 'round' ? 64 : 112}
          height={64}
          className={`${look} shrink-0 object-cover`}
        />
      ) : (
        placeholder
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES}
          onChange={onChange}
          disabled={isBusy}
          className="w-full max-w-full text-sm"
        />
        {children}
      </div>
    </div>
  );
}
