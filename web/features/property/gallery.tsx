import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Photo } from '../../../core/contracts/common.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { listingFallbackImage } from '../../components/listing-card/listing-card-model.ts';
import { cn } from '../../lib/cn.ts';
import { ResponsivePhoto } from '../../components/responsive-photo.tsx';
import { wrapIndex } from './property-model.ts';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../../components/ui/dialog.tsx';

/** The main photo spans the page's content column, which stops growing at 1280 px (max-w-7xl less its padding). */
const mainPhotoSizes = '(min-width: 1280px) 1216px, 100vw';

const roundButton =
  'flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md ring-1 ring-slate-900/10 backdrop-blur transition hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-900/85 dark:text-white dark:ring-white/10 dark:hover:bg-slate-900';

function PhotoNav({ onMove, className, testId }: { onMove(step: number): void; className?: string; testId: string }) {
  const { t } = useTranslation();
  // Previous sits at the start edge (right in Hebrew), its chevron mirrored with the layout.
  return (
    <>
      <button
        type="button"
        onClick={() => onMove(-1)}
        aria-label={t('property.gallery.previous')}
        data-testid={`${testId}-previous`}
        className={cn(roundButton, 'absolute start-3 top-1/2 -translate-y-1/2', className)}
      >
        <ChevronLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => onMove(1)}
        aria-label={t('property.gallery.next')}
        data-testid={`${testId}-next`}
        className={cn(roundButton, 'absolute end-3 top-1/2 -translate-y-1/2', className)}
      >
        <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
      </button>
    </>
  );
}

/** The listing's photos: a main image with previous/next, thumbnails and a full-screen dialog. */
export function Gallery({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<Set<string>>(() => new Set());
  const photos: ListingDetail['photos'] =
    listing.photos.length > 0 ? listing.photos : [{ url: listingFallbackImage, width: null, height: null, alt: listing.title }];
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)]!;
  // A photo that failed is shown as the fallback image, without variants.
  const shown = (photo: Photo) => (failed.has(photo.url) ? null : photo);
  const onError = (url: string) => setFailed((previous) => new Set(previous).add(url));
  const move = (step: number) => setIndex((value) => wrapIndex(value, step, count));
  const altOf = (photo: { alt: string }) => photo.alt || listing.title;

  const onDialogKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // Arrow keys follow the reading direction: in Hebrew the left arrow goes forward.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = event.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
    move(forward ? 1 : -1);
  };

  return (
    <section aria-label={t('property.gallery.label')} data-testid="property-gallery" className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 dark:bg-slate-800">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="block aspect-[4/3] w-full cursor-zoom-in focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset sm:aspect-[16/9] lg:aspect-auto lg:h-[28rem]"
          aria-label={t('property.gallery.open', { n: index + 1 })}
          data-testid="gallery-open"
        >
          <ResponsivePhoto
            // A new element per photo: the browser would otherwise keep showing the previous one until the next loads.
            key={current.url}
            photo={shown(current)}
            fallbackSrc={listingFallbackImage}
            fallbackWidth={1200}
            fallbackHeight={750}
            sizes={mainPhotoSizes}
            // The first photo is the page's largest content: fetched first, preloaded from the head.
            priority={current === photos[0]}
            alt={altOf(current)}
            onError={() => onError(current.url)}
            data-testid="gallery-main-image"
            className="size-full object-cover"
          />
        </button>
        {count > 1 && <PhotoNav onMove={move} testId="gallery" />}
        <div className="pointer-events-none absolute end-3 bottom-3 flex items-center gap-2">
          {count > 1 && (
            <span
              className="rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
              data-testid="gallery-counter"
            >
              {t('property.gallery.counter', { current: index + 1, total: count })}
            </span>
          )}
          <span className="flex items-center gap-1.5 rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-semibold text-white">
            <Expand className="size-3.5" aria-hidden="true" />
            {t('property.gallery.showAll')}
          </span>
        </div>
      </div>

      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" data-testid="gallery-thumbnails">
          {photos.map((photo, photoIndex) => (
            <li key={`${photo.url}-${photoIndex}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(photoIndex)}
                aria-label={t('property.gallery.thumbnail', { n: photoIndex + 1 })}
                aria-current={photoIndex === index ? 'true' : undefined}
                data-testid="gallery-thumbnail"
                className={cn(
                  'block h-16 w-24 overflow-hidden rounded-lg ring-2 transition focus-visible:ring-brand-500 sm:h-20 sm:w-28',
                  photoIndex === index ? 'ring-brand-600 dark:ring-brand-400' : 'opacity-75 ring-transparent hover:opacity-100',
                )}
              >
                <ResponsivePhoto
                  photo={shown(photo)}
                  fallbackSrc={listingFallbackImage}
                  fallbackWidth={112}
                  fallbackHeight={80}
                  sizes="112px"
                  alt=""
                  onError={() => onError(photo.url)}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <DialogShell
        open={open}
        onOpenChange={setOpen}
        onKeyDown={onDialogKeyDown}
        testId="gallery-dialog"
        overlayClassName="fixed inset-0 z-50 bg-slate-950/95"
        className="fixed inset-0 z-50 flex flex-col p-4 text-white outline-none sm:p-6"
      >
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <DialogTitle className="truncate text-base font-semibold" dir="auto">
              {t('property.gallery.dialogTitle', { title: listing.title })}
            </DialogTitle>
            <DialogDescription className="sr-only">{t('property.gallery.dialogHint')}</DialogDescription>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <span className="text-sm text-slate-300 tabular-nums" data-testid="gallery-dialog-counter">
              {t('property.gallery.counter', { current: index + 1, total: count })}
            </span>
            <DialogCloseButton
              testId="gallery-dialog-close"
              className="flex size-10 items-center justify-center rounded-full bg-white/10 transition hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-brand-400"
            />
          </div>
        </div>
        <div className="relative mt-4 flex min-h-0 flex-1 items-center justify-center">
          <ResponsivePhoto
            key={current.url}
            photo={shown(current)}
            fallbackSrc={listingFallbackImage}
            fallbackWidth={1200}
            fallbackHeight={750}
            sizes="100vw"
            alt={altOf(current)}
            data-testid="gallery-dialog-image"
            className="max-h-full max-w-full rounded-lg object-contain"
          />
          {count > 1 && <PhotoNav onMove={move} testId="gallery-dialog" />}
        </div>
      </DialogShell>
    </section>
  );
}
