/**
 * The AVIF and WebP variants of public photos (core/photo-variants.ts names them). An upload
 * stores all of them at once; photos stored before variants existed (the demo seed, older uploads)
 * get each variant the first time it is asked for, stored next to the original, so no backfill step
 * is needed and nothing is generated twice.
 */
import sharp from 'sharp';
import {
  parsePhotoVariantName,
  photoVariantMimeTypes,
  photoVariantWidthsFor,
  type PhotoVariantFormat,
  photoVariantFormats,
  photoVariantName,
} from '../../core/photo-variants.ts';
import { maxImagePixels } from './image-processing.ts';
import type { Storage } from './storage.ts';

/** Encoder settings: AVIF at effort 2 costs a fifth of the default's time for a few percent more bytes. */
const encoders: Record<PhotoVariantFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
};

/** Only photos have variants: listing photos and the seed's illustrations. */
const photoPrefixes = ['public/listing-photos/', 'public/seed/'];

/** Originals read to make a variant; every stored photo is far smaller. */
const maxOriginalBytes = 20 * 1024 * 1024;

export interface EncodedVariant {
  width: number;
  height: number;
  format: PhotoVariantFormat;
  data: Buffer;
}

/** One variant of an image: `width` wide, height in proportion, EXIF orientation applied, metadata dropped. */
export async function encodePhotoVariant(data: Buffer, width: number, format: PhotoVariantFormat): Promise<EncodedVariant> {
  const image = sharp(data, { limitInputPixels: maxImagePixels, failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  const { data: output, info } = await encoders[format](image).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format, data: output };
}

/**
 * Every variant of an image whose stored original is `originalWidth` wide (the widths follow from
 * it), encoded from `data`: the uploaded bytes when there are any, for the best quality.
 */
export async function encodePhotoVariants(data: Buffer, originalWidth: number): Promise<EncodedVariant[]> {
  const variants: EncodedVariant[] = [];
  // One at a time: an upload should not take both cores from the requests around it.
  for (const width of photoVariantWidthsFor(originalWidth)) {
    for (const format of photoVariantFormats) variants.push(await encodePhotoVariant(data, width, format));
  }
  return variants;
}

export async function storePhotoVariants(storage: Storage, originalKey: string, variants: EncodedVariant[]): Promise<void> {
  for (const variant of variants) {
    await storage.put(photoVariantName(originalKey, variant.width, variant.format), variant.data, photoVariantMimeTypes[variant.format]);
  }
}

/** The variants' keys of a stored photo, for removing them with it. */
export function photoVariantKeys(originalKey: string, originalWidth: number): string[] {
  return photoVariantWidthsFor(originalWidth).flatMap((width) =>
    photoVariantFormats.map((format) => photoVariantName(originalKey, width, format)),
  );
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(Buffer.from(chunk as Buffer));
  }
  return Buffer.concat(chunks);
}

/**
 * Makes missing variants on request. A name is made only when it stands for a width this original
 * has (so at most ten files per photo whatever is asked), one encoding at a time, and a variant
 * asked for twice while it is being made is made once.
 */
export function createPhotoVariantMaker(storage: Storage) {
  const inFlight = new Map<string, Promise<Buffer | null>>();
  let queue: Promise<unknown> = Promise.resolve();

  async function make(key: string): Promise<Buffer | null> {
    const parsed = parsePhotoVariantName(key);
    if (!parsed || !photoPrefixes.some((prefix) => parsed.original.startsWith(prefix))) return null;
    const file = await storage.get(parsed.original);
    if (!file) return null;
    const original = await readAll(file.body, maxOriginalBytes);
    if (!original) return null;
    let variant: EncodedVariant;
    try {
      const { width } = await sharp(original, { limitInputPixels: false }).metadata();
      if (!width || !photoVariantWidthsFor(width).includes(parsed.width)) return null;
      variant = await encodePhotoVariant(original, parsed.width, parsed.format);
    } catch {
      // An original that does not decode has no variants; the page falls back to the original.
      return null;
    }
    await storage.put(key, variant.data, photoVariantMimeTypes[parsed.format]);
    return variant.data;
  }

  return {
    /** The variant's bytes, made and stored now; null when the name stands for no variant of a stored photo. */
    make(key: string): Promise<Buffer | null> {
      const running = inFlight.get(key);
      if (running) return running;
      const made = queue.then(() => make(key)).finally(() => inFlight.delete(key));
      queue = made.catch(() => undefined);
      inFlight.set(key, made);
      return made;
    },
  };
}
export type PhotoVariantMaker = ReturnType<typeof createPhotoVariantMaker>;
