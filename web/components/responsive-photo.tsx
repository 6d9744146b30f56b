import type { ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';
import type { Photo } from '../../core/contracts/common.ts';
import { photoSrcSet, photoVariantMimeTypes, photoVariantName, photoVariantWidthsFor } from '../../core/photo-variants.ts';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'alt'>;

export interface ResponsivePhotoProps extends ImgProps {
  /** null shows `fallbackSrc` alone. */
  photo: Photo | null;
  alt: string;
  /** How wide the photo is drawn, as the `sizes` attribute says it: the browser picks the file from it. */
  sizes: string;
  /**
   * The page's main photo (the largest thing on screen as it loads): fetched first and preloaded
   * from the document's head; every other photo waits until it is about to scroll into view.
   */
  priority?: boolean;
  /** Shown when there is no photo (and by callers when the photo fails to load). */
  fallbackSrc: string;
  /** The box's size when the photo's is unknown: width and height reserve the space, so nothing moves when it loads. */
  fallbackWidth: number;
  fallbackHeight: number;
}

/**
 * A photo as `<picture>`: AVIF, then WebP, each at the widths stored for it, so a phone downloads a
 * 640-pixel file where a desktop takes a 1920-pixel one; the `<img>` keeps the original for any
 * browser that takes neither. Photos of unknown width are shown as they are.
 */
export function ResponsivePhoto({
  photo,
  alt,
  sizes,
  priority = false,
  fallbackSrc,
  fallbackWidth,
  fallbackHeight,
  ...imgProps
}: ResponsivePhotoProps) {
  const src = photo?.url ?? fallbackSrc;
  const width = photo?.width ?? fallbackWidth;
  const height = photo?.height ?? fallbackHeight;
  const avif = photo ? photoSrcSet(photo.url, photo.width, 'avif') : '';
  const webp = photo ? photoSrcSet(photo.url, photo.width, 'webp') : '';
  const loading = priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);

  if (priority && avif && photo?.width) {
    // In the head of a server-rendered page, so the photo starts downloading before the script runs.
    // Only browsers that decode AVIF act on it (type); the others wait for the <picture> itself.
    const widths = photoVariantWidthsFor(photo.width);
    // href is for browsers that ignore imagesrcset: a middle width suits most screens.
    preload(photoVariantName(photo.url, widths[Math.min(widths.length - 1, 1)]!, 'avif'), {
      as: 'image',
      type: photoVariantMimeTypes.avif,
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }

  const img = <img {...imgProps} {...loading} src={src} alt={alt} width={width} height={height} />;
  if (!avif) return img;
  return (
    <picture className="contents">
      <source type={photoVariantMimeTypes.avif} srcSet={avif} sizes={sizes} />
      <source type={photoVariantMimeTypes.webp} srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
