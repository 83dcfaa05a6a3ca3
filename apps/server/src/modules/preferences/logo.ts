import sharp from 'sharp';
import { AppError } from '../../infra/errors.ts';
import { LOGO_CONTENT_TYPES } from '@overtone/contract';

/** Where a customer's logo is stored (object storage key). */
export const logoKey = (customerId: string) => `logos/${customerId}.png`;

/** Logo height in the shell, px (spec 002 §5, §9 Admin). */
export const LOGO_HEIGHT_PX = 40;
/** Widest logo kept, px: a wider image (aspect above 10:1) is fitted inside 400 × 40 instead. */
export const LOGO_MAX_WIDTH_PX = 400;
/** Upload limit of `PUT /preferences/logo`, bytes. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
/** Decoded pixels allowed (a small file can decode to a huge bitmap): 25 megapixels. */
const MAX_INPUT_PIXELS = 25_000_000;

/**
 * Turns an uploaded image into the stored logo: a PNG 40 px high with the width in proportion
 * (at most 400 px), oriented by its EXIF tag, metadata stripped; the first frame of an animation.
 * The format is judged from the bytes, not from the declared content type.
 * @throws AppError IMAGE_INVALID when the bytes are not a PNG, JPEG, WebP or GIF image sharp can decode
 */
export async function toLogoPng(input: Buffer): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (!format || !FORMATS.has(format)) throw new AppError('IMAGE_INVALID');
    return await image
      .rotate()
      .resize({ height: LOGO_HEIGHT_PX, width: LOGO_MAX_WIDTH_PX, fit: 'inside' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('IMAGE_INVALID');
  }
}

export { LOGO_CONTENT_TYPES };
