import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoVariantName } from '../../core/photo-variants.ts';
import { storageBackends, type OpenedStorage } from '../test/storage-backends.ts';
import { createPhotoVariantMaker, encodePhotoVariants, photoVariantKeys, storePhotoVariants } from './photo-variants.ts';
import type { Storage } from './storage.ts';

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const photoOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe('encoding photo variants', () => {
  it('makes AVIF and WebP at every stored width, in proportion, as the bytes themselves say', async () => {
    const variants = await encodePhotoVariants(await photoOf(1500, 1000), 1500);
    const described = await Promise.all(
      variants.map(async (variant) => {
        const { format, width, height } = await sharp(variant.data).metadata();
        return { asked: `${variant.width}/${variant.format}`, format, width, height };
      }),
    );
    expect(described.map((entry) => entry.asked)).toEqual([
      '320/avif',
      '320/webp',
      '640/avif',
      '640/webp',
      '960/avif',
      '960/webp',
      '1280/avif',
      '1280/webp',
      '1500/avif',
      '1500/webp',
    ]);
    for (const entry of described) {
      // sharp reports AVIF as 'heif' (its container).
      expect(entry.format).toBe(entry.asked.endsWith('avif') ? 'heif' : 'webp');
      expect(`${entry.width}`).toBe(entry.asked.split('/')[0]);
      expect(entry.height).toBe(Math.round((entry.width! * 1000) / 1500));
    }
  });

  it('never makes a variant wider than the original', async () => {
    const variants = await encodePhotoVariants(await photoOf(400, 300), 400);
    expect(variants.map((variant) => [variant.width, variant.format])).toEqual([
      [320, 'avif'],
      [320, 'webp'],
      [400, 'avif'],
      [400, 'webp'],
    ]);
    const huge = await encodePhotoVariants(await photoOf(2600, 1300), 2600);
    expect(Math.max(...huge.map((variant) => variant.width))).toBe(1920);
  });
});

function storesVariants(name: string, open: () => Promise<OpenedStorage>) {
  describe(`photo variants in ${name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => ({ storage, close } = await open()));
    afterAll(() => close());

    it('stores an upload’s variants under the names the web derives', async () => {
      const key = 'public/listing-photos/1/abc.webp';
      await storePhotoVariants(storage, key, await encodePhotoVariants(await photoOf(700, 500), 700));
      expect(photoVariantKeys(key, 700)).toHaveLength(6);
      for (const variantKey of photoVariantKeys(key, 700)) expect(await storage.exists(variantKey)).toBe(true);
      const file = await storage.get(photoVariantName(key, 640, 'avif'));
      expect((await sharp(await readAll(file!.body)).metadata()).width).toBe(640);
    });

    it('makes an older photo’s variant on first request, once, and only for widths it has', async () => {
      const original = 'public/seed/sky.svg';
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#39c"/></svg>';
      await storage.put(original, Buffer.from(svg), 'image/svg+xml');
      const maker = createPhotoVariantMaker(storage);
      const wanted = photoVariantName(original, 960, 'webp');
      const [first, second] = await Promise.all([maker.make(wanted), maker.make(wanted)]);
      expect(first).toBe(second);
      const meta = await sharp(first!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 640]);
      expect(await storage.exists(wanted)).toBe(true);

      for (const refused of [
        photoVariantName(original, 1920, 'avif'), // wider than the original
        photoVariantName(original, 700, 'avif'), // not a stored width
        photoVariantName(photoVariantName(original, 960, 'webp'), 320, 'avif'), // a variant of a variant
        photoVariantName('public/seed/missing.svg', 320, 'avif'),
        photoVariantName('private/id/doc.png', 320, 'avif'),
        'public/seed/sky.svg',
      ]) {
        expect(await maker.make(refused)).toBeNull();
        expect(await storage.exists(refused)).toBe(refused === original);
      }
    });
  });
}

for (const backend of storageBackends) storesVariants(backend.name, backend.open);
