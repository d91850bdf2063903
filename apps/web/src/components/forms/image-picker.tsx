import { useId, type ChangeEvent, type ReactNode } from 'react';
import { ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_PROFILE_IMAGE_BYTES } from '@community/shared';
import { BUTTON_LOOKS } from '../ui/button';

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

/**
 * A picture and the file input that replaces it, with the size limit of profile images. The input
 * is drawn as a button in the screen's language: the browser's own reads "Choose File" in the
 * browser's language, whatever the screen's.
 */
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
      <div className="flex min-w-0 flex-col items-start gap-1">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
          {label}
        </span>
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES}
          onChange={onChange}
          disabled={isBusy}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-hint`}
          className="peer sr-only"
        />
        <label
          id={`${id}-button`}
          htmlFor={id}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:text-slate-400 ${BUTTON_LOOKS.secondary}`}
        >
          <ImageUp className="size-4" aria-hidden />
          {image ? t('common.replaceImage') : t('common.chooseImage')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('common.imageHint')}
        </p>
        {children}
      </div>
    </div>
  );
}
