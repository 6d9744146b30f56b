import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { HostListing } from '../../../core/contracts/host-listings.ts';
import { hostListingLimits } from '../../../core/host-listing-rules.ts';
import { maxUploadBytes, profileImageAccept } from '../../../core/upload-limits.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useDeletePhoto, useReorderPhotos, useUploadPhoto } from './host-listings-api.ts';

/** Photos of a listing: upload several, move them, make one the cover (the first), delete. */
export function PhotoManager({ listing }: { listing: HostListing }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const reorder = useReorderPhotos();
  const remove = useDeletePhoto();
  const photos = listing.photos;
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const onError = (error: unknown) => toast.error(errorText(t, error));

  const uploadFiles = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      // Checked here only to spare a long upload; the server checks size and content again.
      if (file.size > maxUploadBytes) {
        toast.error(t('errors.codes.payload_too_large'));
        continue;
      }
      try {
        await upload.mutateAsync({ id: listing.id, file });
      } catch (error) {
        onError(error);
      }
    }
    if (input.current) input.current.value = '';
  };

  const move = (index: number, to: number) => {
    const ids = photos.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(to, 0, moved!);
    reorder.mutate({ id: listing.id, photoIds: ids }, { onError });
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className={buttonClasses('secondary', 'md', 'cursor-pointer has-[:focus-visible]:ring-2')}>
          {upload.isPending ? <Spinner className="size-4" /> : <ImagePlus className="size-4" aria-hidden="true" />}
          {t('hostListings.photos.add')}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={profileImageAccept}
            multiple
            className="sr-only"
            disabled={busy || photos.length >= hostListingLimits.photosMax}
            data-testid="wizard-photo-input"
            onChange={(event) => void uploadFiles(event.target.files)}
          />
        </label>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('hostListings.photos.hint', { n: hostListingLimits.photosMax })}</p>
      </div>
      {photos.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {t('hostListings.photos.empty')}
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="wizard-photos" aria-busy={busy}>
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
              data-testid="wizard-photo"
            >
              <div className="relative aspect-[4/3]">
                <img src={photo.cardUrl} alt={t('hostListings.photos.alt', { n: index + 1 })} className="size-full object-cover" />
                {index === 0 ? (
                  <span className="absolute start-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('hostListings.photos.cover')}
                  </span>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-0.5 p-1.5">
                <div className="flex gap-0.5">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={busy || index === 0}
                    aria-label={t('hostListings.photos.earlier', { n: index + 1 })}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={busy || index === photos.length - 1}
                    aria-label={t('hostListings.photos.later', { n: index + 1 })}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
                  </Button>
                  {index > 0 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      disabled={busy}
                      aria-label={t('hostListings.photos.makeCover', { n: index + 1 })}
                      onClick={() => move(index, 0)}
                    >
                      <Star className="size-4" aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-rose-600 dark:text-rose-400"
                  disabled={busy}
                  aria-label={t('hostListings.photos.delete', { n: index + 1 })}
                  onClick={() => remove.mutate({ id: listing.id, photoId: photo.id }, { onError })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
