import { BadgeCheck, Clock, FileUp, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { PlaceDocumentKind, PropertyType } from '../../../core/constants.ts';
import type { PlaceVerification } from '../../../core/contracts/host-listings.ts';
import { placeDocumentKindsFor } from '../../../core/place-verification-rules.ts';
import { idDocumentAccept, maxUploadBytes } from '../../../core/upload-limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useUploadPlaceDocument } from './host-listings-api.ts';

const states = {
  none: { Icon: ShieldQuestion, tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200' },
  rejected: { Icon: ShieldAlert, tone: 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200' },
  pending: { Icon: Clock, tone: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200' },
  verified: { Icon: BadgeCheck, tone: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200' },
} as const;

/**
 * A listing's proof of the right to let it (issue 39): its state, the reason an admin turned a
 * document down, and while none is under review or verified, the choice of document and its upload.
 */
export function PlaceVerificationPanel({
  listingId,
  propertyType,
  verification,
}: {
  listingId: number;
  propertyType: PropertyType;
  verification: PlaceVerification;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const kinds = placeDocumentKindsFor(propertyType);
  const [kind, setKind] = useState<PlaceDocumentKind>(kinds[0]!);
  const upload = useUploadPlaceDocument();
  const { status } = verification;
  const canUpload = status === 'none' || status === 'rejected';
  const { Icon, tone } = states[status];

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxUploadBytes) {
      toast.error(t('hostListings.place.uploadError'), { description: t('errors.codes.payload_too_large') });
      return;
    }
    upload.mutate(
      { id: listingId, kind, file },
      {
        onSuccess: () => toast.success(t('hostListings.place.uploaded')),
        onError: (error) => toast.error(t('hostListings.place.uploadError'), { description: errorText(t, error) }),
      },
    );
  };

  return (
    <div className="mt-2 flex flex-col gap-2" data-testid="place-verification" data-status={status}>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}
          data-testid="place-status"
        >
          <Icon className="size-3.5" aria-hidden="true" />
          {t(`hostListings.place.status.${status}`)}
        </span>
        {status === 'pending' && verification.kind ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">{t(`hostListings.place.kinds.${verification.kind}`)}</span>
        ) : null}
      </div>
      {status === 'rejected' && verification.rejectionReason ? (
        <p className="text-sm text-rose-700 dark:text-rose-300" data-testid="place-rejection-reason">
          {t('hostListings.place.rejectedBecause', { reason: verification.rejectionReason })}
        </p>
      ) : null}
      {canUpload ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-kind`} className="sr-only">
            {t('hostListings.place.kindLabel')}
          </label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as PlaceDocumentKind)}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
            data-testid="place-document-kind"
          >
            {kinds.map((choice) => (
              <option key={choice} value={choice}>
                {t(`hostListings.place.kinds.${choice}`)}
              </option>
            ))}
          </select>
          <input
            ref={input}
            type="file"
            accept={idDocumentAccept}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="place-document-input"
            onChange={onFile}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="place-document-upload"
            aria-describedby={`${id}-hint`}
          >
            {upload.isPending ? <Spinner className="size-4" /> : <FileUp className="size-4" aria-hidden="true" />}
            {t('hostListings.place.upload')}
          </Button>
          <span id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {t('hostListings.place.hint')}
          </span>
        </div>
      ) : null}
    </div>
  );
}
