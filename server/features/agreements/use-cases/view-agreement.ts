import type { StayAgreement } from '../../../../core/contracts/agreements.ts';
import type { SessionUser } from '../../../../core/contracts/auth.ts';
import type { Executor } from '../../../db/database.ts';
import { acceptancesOf, type AgreementBooking, type AgreementVersionRow } from '../agreements-repository.ts';
import { agreementBookingFor, agreementOpen, currentVersion, type ViewerRole } from './current-version.ts';

/** The answer for one viewer: both texts, both sides' acceptances (their IP addresses for admins only). */
export async function agreementView(
  db: Executor,
  booking: AgreementBooking,
  version: AgreementVersionRow,
  role: ViewerRole,
): Promise<StayAgreement> {
  const accepted = await acceptancesOf(db, version.id);
  const side = (which: 'guest' | 'host') => {
    const row = accepted.find((acceptance) => acceptance.role === which);
    return row
      ? { acceptedAt: row.acceptedAt.toISOString(), language: row.language, sha256: row.sha256, ip: role === 'admin' ? row.ip : null }
      : null;
  };
  const acceptances = { guest: side('guest'), host: side('host') };
  return {
    bookingId: booking.bookingId,
    version: version.version,
    createdAt: version.createdAt.toISOString(),
    status: booking.status,
    viewerRole: role,
    canAccept: role !== 'admin' && agreementOpen(booking) && acceptances[role] === null,
    languages: { guest: booking.guestLanguage, host: booking.hostLanguage },
    texts: { en: { text: version.textEn, sha256: version.sha256En }, he: { text: version.textHe, sha256: version.sha256He } },
    acceptances,
  };
}

/**
 * A long stay's agreement for its guest, its host or an admin (GET /api/bookings/:id/agreement):
 * the current version, made now if the booking changed since the last one.
 */
export async function viewAgreement(db: Executor, viewer: SessionUser, bookingId: string): Promise<StayAgreement> {
  const { booking, role } = await agreementBookingFor(db, viewer, bookingId);
  const version = await currentVersion(db, booking);
  return agreementView(db, booking, version, role);
}
