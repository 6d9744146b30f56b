import { actsAsAdmin } from '../../../core/second-factor-rules.ts';
import { arrivalInfoStatuses } from '../../../core/arrival-info.ts';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { BookingArrival } from '../../../core/contracts/bookings.ts';
import type { Language } from '../../../core/languages.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { arrivalView, stayArrival, type StayArrival } from './arrival-repository.ts';

/**
 * A stay's arrival information for the person asking (GET /api/bookings/:id/arrival). Who sees it:
 * the stay's guest while it is confirmed (not a request, not once cancelled or over), its host, and
 * admins. A guest of a request or a cancelled stay is told why (403); anyone else learns nothing,
 * not even that the booking exists (404). docs/decisions/046-arrival-information.md
 */
export async function arrivalForViewer(db: Executor, user: SessionUser, bookingId: string, language: Language): Promise<BookingArrival> {
  const stay = await stayArrival(db, bookingId);
  const notFound = new HttpError(404, 'booking_not_found', 'No such booking');
  if (!stay) throw notFound;
  if (actsAsAdmin(user) || user.id === stay.hostId) return arrivalView(stay, language);
  if (user.id !== stay.guestId) throw notFound;
  if (!(arrivalInfoStatuses as readonly string[]).includes(stay.status))
    throw new HttpError(403, 'arrival_info_unavailable', 'Arrival information is shown once the stay is confirmed');
  return arrivalView(stay, language);
}

/** The parameters that make a mail carry the stay's arrival information (server/mail/mail-templates.ts arrivalBlocks). */
export function arrivalMailParams(stay: StayArrival, language: Language): Record<string, string> {
  const view = arrivalView(stay, language);
  return {
    arrival: 'yes',
    otherName: view.hostFirstName,
    arrivalAddress: view.address ?? '',
    arrivalMap: view.mapUrl ?? '',
    arrivalCheckInTime: view.checkInTime,
    arrivalPhone: view.hostPhone ?? '',
    arrivalInstructions: view.checkInInstructions,
    arrivalManual: view.houseManual,
    arrivalWifiName: view.wifiName,
    arrivalWifiPassword: view.wifiPassword,
  };
}
