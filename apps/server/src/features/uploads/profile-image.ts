import { messages } from '@community/shared';
import { AppError } from '../../lib/app-error.js';

const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);
/** A 1 MB file can still decode to gigabytes; 40 megapixels is far above any photo a profile needs. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE = 1024;
/** Each frame of an animation is decoded and encoded again: tens of thousands of tiny ones keep a core busy. */
export const MAX_FRAMES = 100;

/**
 * The first bytes of the accepted formats. Checked before the image library sees the file, so its
 * parsers for every other format (TIFF, SVG, HEIF, ...) never run on uploaded bytes.
 */
function hasAcceptedSignature(input: Buffer): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => input[at + i] === byte);
  const ascii = (text: string, at = 0) => input.toString('latin1', at, at + text.length) === text;
  return (
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    starts([0xff, 0xd8, 0xff]) ||
    ascii('GIF87a') ||
    ascii('GIF89a') ||
    (ascii('RIFF') && ascii('WEBP', 8))
  );
}

export type ProcessedImage = { data: Buffer; contentType: string };

const isOverPixelLimit = (error: unknown) => /pixel limit/i.test((error as Error).message);

/**
 * The type comes from the bytes, never from the name or the declared type; the output is a fresh
 * encoding, so metadata (location, camera) and anything smuggled after the image are gone.
 */
export async function processProfileImage(input: Buffer): Promise<ProcessedImage> {
  if (!hasAcceptedSignature(input)) throw new AppError('unsupported_media_type', messages.imageType);
  // The image library (with its native codecs) is loaded by the first upload, not at start-up.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  let frames: number;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    ({ format } = metadata);
    frames = metadata.pages ?? 1;
  } catch (error) {
    if (isOverPixelLimit(error)) throw new AppError('too_large', messages.imageTooManyPixels);
    throw new AppError('unsupported_media_type', messages.imageType);
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError('unsupported_media_type', messages.imageType);
  if (frames > MAX_FRAMES) throw new AppError('too_large', messages.imageTooManyFrames);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: format !== 'jpeg' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const output =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : format === 'gif'
            ? pipeline.gif()
            : pipeline.webp({ quality: 85 });
    return { data: await output.toBuffer(), contentType: `image/${format}` };
  } catch (error) {
    if (isOverPixelLimit(error)) throw new AppError('too_large', messages.imageTooManyPixels);
    throw new AppError('unsupported_media_type', messages.imageUnreadable);
  }
}
