import type { StayAgreement } from '../../../../core/contracts/agreements.ts';
import type { SessionUser } from '../../../../core/contracts/auth.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import type { Executor } from '../../../db/database.ts';
import { insertAcceptance } from '../agreements-repository.ts';
import { agreementBookingFor, agreementOpen, currentVersion } from './current-version.ts';
import { agreementView } from './view-agreement.ts';

/**
 * A party accepts the agreement (POST /api/bookings/:id/agreement/accept) by the SHA-256 of the text
 * they read, in either language. A hash that is not the current version's (the booking changed
 * while they read) is refused, so nobody accepts a text other than the one stored. The guest and the
 * host accept; an admin sees but is no party. Accepting twice, or twice at once, records it once.
 */
export async function acceptAgreement(
  db: Executor,
  viewer: SessionUser,
  input: { bookingId: string; sha256: string; ip: string | null; now: Date },
): Promise<StayAgreement> {
  const { booking, role } = await agreementBookingFor(db, viewer, input.bookingId);
  if (role === 'admin') throw new DomainError('agreement_parties_only', 'Only the guest and the host accept the agreement');
  if (!agreementOpen(booking)) throw new DomainError('agreement_closed', 'This stay is no longer pending or confirmed');
  const version = await currentVersion(db, booking);
  const language = input.sha256 === version.sha256En ? 'en' : input.sha256 === version.sha256He ? 'he' : null;
  if (!language) throw new DomainError('agreement_outdated', 'The agreement changed: read the new version and accept it');
  await insertAcceptance(db, {
    versionId: version.id,
    userId: viewer.id,
    role,
    language,
    sha256: input.sha256,
    ip: input.ip,
    acceptedAt: input.now,
  });
  return agreementView(db, booking, version, role);
}
