/**
 * Every public listing photo is also stored as AVIF and WebP at a few widths, under names derived
 * from the original's: the web builds `srcset` from a photo's address and width alone, and the
 * server knows from a requested name which original and size it stands for. The widths are the
 * standard ones narrower than the original, plus the original's own width (up to the largest
 * standard one), so no file is ever wider than what was uploaded.
 */

/** Widths in pixels; 320 covers a phone's card at 1x, 1920 a wide gallery at 2x. */
export const photoVariantWidths = [320, 640, 960, 1280, 1920] as const;
export const largestPhotoVariantWidth = 1920;

/** In the order a `<picture>` offers them: the smaller format first. */
export const photoVariantFormats = ['avif', 'webp'] as const;
export type PhotoVariantFormat = (typeof photoVariantFormats)[number];

export const photoVariantMimeTypes: Record<PhotoVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * Part of every variant's name and bumped when the encoding changes: the files are served as
 * immutable, so new settings need new addresses.
 */
export const photoVariantVersion = 1;

/** The widths stored for an original this wide, smallest first. */
export function photoVariantWidthsFor(originalWidth: number): number[] {
  if (!Number.isInteger(originalWidth) || originalWidth < 1) return [];
  const largest = Math.min(originalWidth, largestPhotoVariantWidth);
  return [...photoVariantWidths.filter((width) => width < largest), largest];
}

/** The variant's storage key or address: works on either, as both end with the original's file name. */
export function photoVariantName(original: string, width: number, format: PhotoVariantFormat): string {
  return `${original}.w${width}.v${photoVariantVersion}.${format}`;
}

const variantPattern = new RegExp(`^(.+)\\.w([1-9][0-9]{0,4})\\.v${photoVariantVersion}\\.(avif|webp)$`);

/** Which original and size a variant name stands for; null when it is not one (or names a variant of a variant). */
export function parsePhotoVariantName(name: string): { original: string; width: number; format: PhotoVariantFormat } | null {
  const match = variantPattern.exec(name);
  if (!match) return null;
  const original = match[1]!;
  if (variantPattern.test(original)) return null;
  return { original, width: Number(match[2]), format: match[3] as PhotoVariantFormat };
}

/** A `srcset` of one format, or '' when the photo's width is unknown (the `<img>` then uses the original alone). */
export function photoSrcSet(url: string, originalWidth: number | null, format: PhotoVariantFormat): string {
  if (!originalWidth) return '';
  return photoVariantWidthsFor(originalWidth)
    .map((width) => `${photoVariantName(url, width, format)} ${width}w`)
    .join(', ');
}
