import sharp from 'sharp';

/**
 * A small file can still decode to a huge bitmap (a 20000×20000 single-colour PNG is a few
 * kilobytes): anything past this many pixels is refused, never decoded.
 */
export const maxImagePixels = 50_000_000;

export type ImageProblem = 'not_an_image' | 'too_many_pixels';

/**
 * Reads only the image's header: its size, or why it is refused. Used where the bytes are kept
 * as they are (ID documents) and before any decoding.
 */
export async function inspectImage(data: Buffer): Promise<{ width: number; height: number } | { problem: ImageProblem }> {
  try {
    const { width, height } = await sharp(data, { limitInputPixels: false }).metadata();
    if (!width || !height) return { problem: 'not_an_image' };
    if (width * height > maxImagePixels) return { problem: 'too_many_pixels' };
    return { width, height };
  } catch {
    return { problem: 'not_an_image' };
  }
}

export interface WebpVariant {
  /** The longest side, at most; smaller images are not enlarged. */
  maxSide: number;
  quality: number;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image as WebP, once per variant. Re-encoding drops whatever the file
 * carried besides pixels (EXIF location, bytes appended after the image); a file that does not
 * decode completely is refused rather than stored.
 */
export async function encodeWebpVariants(
  data: Buffer,
  variants: readonly WebpVariant[],
): Promise<EncodedImage[] | { problem: ImageProblem }> {
  const inspected = await inspectImage(data);
  if ('problem' in inspected) return inspected;
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const source = sharp(data, { limitInputPixels: maxImagePixels, failOn: 'error' }).rotate();
    const encoded: EncodedImage[] = [];
    for (const variant of variants) {
      const { data: output, info } = await source
        .clone()
        .resize({ width: variant.maxSide, height: variant.maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: variant.quality })
        .toBuffer({ resolveWithObject: true });
      encoded.push({ data: output, width: info.width, height: info.height });
    }
    return encoded;
  } catch {
    return { problem: 'not_an_image' };
  }
}
