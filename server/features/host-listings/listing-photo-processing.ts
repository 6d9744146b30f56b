import { encodeWebpVariants, type ImageProblem } from '../../storage/image-processing.ts';

/** Sizes stored for each listing photo: the gallery's large image and a small one for cards. */
export const photoSizes = { gallery: 1600, card: 640 } as const;

export interface ProcessedPhoto {
  gallery: Buffer;
  card: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image as WebP in the stored sizes, without its metadata; or says why it
 * cannot (it does not decode, or it has too many pixels to decode safely).
 */
export async function processListingPhoto(data: Buffer): Promise<ProcessedPhoto | { problem: ImageProblem }> {
  const encoded = await encodeWebpVariants(data, [
    { maxSide: photoSizes.gallery, quality: 80 },
    { maxSide: photoSizes.card, quality: 75 },
  ]);
  if ('problem' in encoded) return encoded;
  const [gallery, card] = encoded as [(typeof encoded)[number], (typeof encoded)[number]];
  return { gallery: gallery.data, card: card.data, width: gallery.width, height: gallery.height };
}

/** The card-size file stored next to a gallery photo. */
export function cardKeyOf(storageKey: string): string {
  return storageKey.replace(/\.webp$/, '-card.webp');
}
