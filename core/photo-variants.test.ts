import { describe, expect, it } from 'vitest';
import { parsePhotoVariantName, photoSrcSet, photoVariantName, photoVariantWidthsFor } from './photo-variants.ts';

describe('photo variants', () => {
  it('stores the standard widths narrower than the original and the original’s own, up to 1920', () => {
    expect(photoVariantWidthsFor(1200)).toEqual([320, 640, 960, 1200]);
    expect(photoVariantWidthsFor(1280)).toEqual([320, 640, 960, 1280]);
    expect(photoVariantWidthsFor(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(photoVariantWidthsFor(200)).toEqual([200]);
    expect(photoVariantWidthsFor(0)).toEqual([]);
  });

  it('names variants after the original and reads the names back, refusing variants of variants', () => {
    const name = photoVariantName('public/seed/bedroom-1.svg', 640, 'avif');
    expect(name).toBe('public/seed/bedroom-1.svg.w640.v1.avif');
    expect(parsePhotoVariantName(name)).toEqual({ original: 'public/seed/bedroom-1.svg', width: 640, format: 'avif' });
    expect(parsePhotoVariantName(photoVariantName(name, 320, 'webp'))).toBeNull();
    expect(parsePhotoVariantName('public/seed/bedroom-1.svg')).toBeNull();
    expect(parsePhotoVariantName('public/seed/bedroom-1.svg.w0640.v1.avif')).toBeNull();
  });

  it('builds a srcset, or none when the width is unknown', () => {
    expect(photoSrcSet('/a.webp', 700, 'webp')).toBe('/a.webp.w320.v1.webp 320w, /a.webp.w640.v1.webp 640w, /a.webp.w700.v1.webp 700w');
    expect(photoSrcSet('/a.webp', null, 'avif')).toBe('');
  });
});
