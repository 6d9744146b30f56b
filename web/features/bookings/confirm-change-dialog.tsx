import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { formatStayDates } from './booking-card.tsx';
import { useCancellationPreview, useChangeBooking } from './bookings-api.ts';
import { RefundPreview } from './booking-payment.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export interface PendingChange {
  booking: BookingView;
  action: 'cancel' | 'decline';
  /** Who is asking: the text tells them who will be told. */
  viewer: 'guest' | 'host';
}

const texts = {
  cancel: {
    guest: 'bookings.cancelDialog.text',
    host: 'bookings.cancelDialog.hostText',
  },
  decline: {
    guest: 'hosting.declineDialog.text',
    host: 'hosting.declineDialog.text',
  },
} as const;

/** Asks before a change that cannot be undone: cancelling a stay or declining a request. */
export function ConfirmChangeDialog({ change, onClose }: { change: PendingChange | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const mutation = useChangeBooking();
  // Keep the last change while the dialog fades out.
  const shown = useRef<PendingChange | null>(null);
  if (change) shown.current = change;
  const target = change ?? shown.current;
  const decline = target?.action === 'decline';
  // Cancelling shows what comes back under the stay's policy before it is confirmed.
  const preview = useCancellationPreview(change?.action === 'cancel' ? change.booking.id : null);

  const confirm = () => {
    if (!change) return;
    mutation.mutate(
      { id: change.booking.id, action: change.action },
      {
        onSuccess: () => {
          toast.success(t(change.action === 'decline' ? 'hosting.declined' : 'bookings.cancelled'));
          onClose();
        },
        onError: (error) => {
          toast.error(errorText(t, error));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      closeButton={false}
      open={change !== null}
      onOpenChange={(open) => !open && !mutation.isPending && onClose()}
      testId={decline ? 'decline-dialog' : 'cancel-dialog'}
      title={t(decline ? 'hosting.declineDialog.title' : 'bookings.cancelDialog.title')}
      description={
        target
          ? t(texts[target.action][target.viewer], {
              title: target.booking.propertyTitle,
              dates: formatStayDates(target.booking.checkIn, target.booking.checkOut, language),
              name: target.booking.guestFirstName,
            })
          : null
      }
    >
      {target && !decline ? <RefundPreview preview={preview.data} language={language} /> : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={mutation.isPending} data-testid="cancel-keep" onClick={onClose}>
          {t(decline ? 'hosting.declineDialog.keep' : 'bookings.cancelDialog.keep')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={mutation.isPending} data-testid="cancel-confirm">
          {mutation.isPending ? <Spinner className="size-4" /> : null}
          {mutation.isPending
            ? t(decline ? 'hosting.declineDialog.declining' : 'bookings.cancelDialog.cancelling')
            : t(decline ? 'hosting.declineDialog.confirm' : 'bookings.cancelDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
