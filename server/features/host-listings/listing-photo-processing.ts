import sharp from 'sharp';

/** Sizes stored for each listing photo: the gallery's large image and a small one for cards. */
export const photoSizes = { gallery: 1600, card: 640 } as const;

// A small file can still decode to a huge bitmap; anything past this is refused, not resized.
const maxInputPixels = 50_000_000;

export interface ProcessedPhoto {
  gallery: Buffer;
  card: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image as WebP in the stored sizes. Re-encoding also drops whatever the
 * file carried besides pixels (EXIF location, embedded data). null when it does not decode.
 */
export async function processListingPhoto(data: Buffer): Promise<ProcessedPhoto | null> {
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const source = sharp(data, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
    const gallery = await source
      .clone()
      .resize({ width: photoSizes.gallery, height: photoSizes.gallery, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const card = await source
      .clone()
      .resize({ width: photoSizes.card, height: photoSizes.card, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { gallery: gallery.data, card, width: gallery.info.width, height: gallery.info.height };
  } catch {
    return null;
  }
}

/** The card-size file stored next to a gallery photo. */
export function cardKeyOf(storageKey: string): string {
  return storageKey.replace(/\.webp$/, '-card.webp');
}
