import { createHash } from 'node:crypto';
import { actsAsAdmin } from '../../../../core/second-factor-rules.ts';
import type { SessionUser } from '../../../../core/contracts/auth.ts';
import { today } from '../../../../core/dates.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { paymentSchedule } from '../../../../core/payment-schedule.ts';
import {
  agreementApplies,
  agreementDocument,
  agreementFactsKey,
  agreementText,
  type AgreementFacts,
} from '../../../../core/stay-agreement.ts';
import type { Executor } from '../../../db/database.ts';
import {
  agreementBooking,
  insertAgreementVersion,
  latestAgreementVersion,
  type AgreementBooking,
  type AgreementVersionRow,
} from '../agreements-repository.ts';

export const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The states in which the agreement still follows the booking: later, the last version stands as it was. */
const openStatuses = new Set(['pending', 'confirmed']);
/** The address is private until the host confirms (as the arrival information, decision 046). */
const addressStatuses = new Set(['confirmed', 'completed']);

export const agreementOpen = (booking: Pick<AgreementBooking, 'status'>) => openStatuses.has(booking.status);

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * What the agreement says, from the booking as it is now. The payments are the schedule of the
 * booking's stored quote (core/payment-schedule.ts): computed here from the quote, so the agreement
 * states the same schedule whether or not the booking stores its own.
 */
export function agreementFactsOf(booking: AgreementBooking): AgreementFacts {
  const quote = booking.quote ?? {
    // Stays booked before quotes were stored: the booking's own columns, priced by the night.
    unit: 'night' as const,
    subtotal: booking.subtotal,
    cleaningFee: 0,
    serviceFee: booking.serviceFee,
    total: booking.total,
  };
  // Each month due the days before it that the booking was made with (decision 060), as its period rows are.
  const payments = paymentSchedule(quote, booking, { bookedOn: today(booking.createdAt), dueDaysBefore: booking.quote?.dueDaysBefore });
  return {
    bookingId: booking.bookingId,
    kind: booking.propertyType === 'sublet' ? 'sublet' : 'rental',
    title: { en: booking.titleEn, he: booking.titleHe },
    hostName: fullName(booking.hostFirst, booking.hostLast),
    guestName: fullName(booking.guestFirst, booking.guestLast),
    address:
      addressStatuses.has(booking.status) && (booking.address || booking.addressHe)
        ? { en: booking.address ?? '', he: booking.addressHe ?? '' }
        : null,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    checkInTime: booking.checkInTime,
    guests: booking.guests,
    paymentMethod: booking.paymentMethod,
    payments: payments.map(({ start, end, nights, dueOn, amount }) => ({ start, end, nights, dueOn, amount })),
    total: quote.total,
    deposit: booking.quote?.deposit ?? booking.securityDeposit,
    houseRules: booking.houseRules,
    cancellationPolicy: booking.cancellationPolicy,
  };
}

export type ViewerRole = 'guest' | 'host' | 'admin';

/**
 * The booking and the viewer's side of it. Anyone but its guest, its host and admins, and any stay
 * shorter than 28 nights, gets the same 404: nothing tells them the booking exists.
 */
export async function agreementBookingFor(
  db: Executor,
  viewer: SessionUser,
  bookingId: string,
): Promise<{ booking: AgreementBooking; role: ViewerRole }> {
  const booking = await agreementBooking(db, bookingId);
  const notFound = new DomainError('agreement_not_found', 'No such agreement');
  if (!booking || !agreementApplies(booking.checkIn, booking.checkOut)) throw notFound;
  if (viewer.id === booking.guestId) return { booking, role: 'guest' };
  if (viewer.id === booking.hostId) return { booking, role: 'host' };
  if (actsAsAdmin(viewer)) return { booking, role: 'admin' };
  throw notFound;
}

/**
 * The booking's current version, made when its facts differ from the latest version's (or there is
 * none yet): a change of dates or guests, the confirmation that reveals the address, a new house
 * rule. Once the stay is no longer pending or confirmed the latest version stands. Two requests
 * making the same version at once: the unique key keeps one, and both read it.
 */
export async function currentVersion(db: Executor, booking: AgreementBooking): Promise<AgreementVersionRow> {
  const latest = await latestAgreementVersion(db, booking.bookingId);
  if (latest && !agreementOpen(booking)) return latest;
  const facts = agreementFactsOf(booking);
  const factsKey = sha256Of(agreementFactsKey(facts));
  if (latest?.factsKey === factsKey) return latest;
  const textEn = agreementText(agreementDocument(facts, 'en'));
  const textHe = agreementText(agreementDocument(facts, 'he'));
  await insertAgreementVersion(db, {
    bookingId: booking.bookingId,
    version: (latest?.version ?? 0) + 1,
    factsKey,
    textEn,
    textHe,
    sha256En: sha256Of(textEn),
    sha256He: sha256Of(textHe),
  });
  const made = await latestAgreementVersion(db, booking.bookingId);
  if (!made) throw new DomainError('agreement_not_found', 'No such agreement');
  return made;
}
