import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Language } from '../../../core/languages.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { MessageThread } from '../../components/message-thread.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useBookingMessages, useSendMessage } from './bookings-api.ts';
import { formatStayDates } from './booking-card.tsx';
import { memberName } from '../../lib/member-name.ts';

/** A booking's thread: its guest and listing's conversation, questions asked before the request included. */
function BookingThread({ booking, viewer, language }: { booking: BookingView; viewer: 'guest' | 'host'; language: Language }) {
  const { t } = useTranslation();
  const messages = useBookingMessages(booking.id);
  const send = useSendMessage(booking.id);
  const otherName = memberName(t, viewer === 'guest' ? booking.hostFirstName : booking.guestFirstName);
  return <MessageThread messages={messages} send={send} otherName={otherName} language={language} />;
}

interface MessageThreadDialogProps {
  booking: BookingView | null;
  viewer: 'guest' | 'host';
  language: Language;
  onClose: () => void;
}

/** The messages between a booking's guest and host. */
export function MessageThreadDialog({ booking, viewer, language, onClose }: MessageThreadDialogProps) {
  const { t } = useTranslation();
  // Keep the last booking while the dialog fades out.
  const shown = useRef<BookingView | null>(null);
  if (booking) shown.current = booking;
  const target = booking ?? shown.current;
  if (!target) return null;
  const otherName = memberName(t, viewer === 'guest' ? target.hostFirstName : target.guestFirstName);
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="thread-dialog"
      size="wide"
      title={t('messages.title', { name: otherName })}
      description={`${target.propertyTitle} · ${formatStayDates(target.checkIn, target.checkOut, language)}`}
    >
      {booking ? <BookingThread key={booking.id} booking={booking} viewer={viewer} language={language} /> : null}
    </Dialog>
  );
}
