import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { stayAgreementAcceptances, stayAgreementVersions } from '../../db/schema.ts';

/**
 * A member's long-stay agreements for their data export (docs/decisions/055-stay-agreement.md): each
 * version's fingerprints of their stays, and their own acceptances with the address they accepted
 * from. Not the texts: they name the other party (decision 050), and the member prints them in the app.
 */
export async function memberAgreements(db: Database, userId: string, bookingIds: string[]) {
  const versions = bookingIds.length
    ? await db
        .select({
          bookingId: stayAgreementVersions.bookingId,
          version: stayAgreementVersions.version,
          sha256En: stayAgreementVersions.sha256En,
          sha256He: stayAgreementVersions.sha256He,
          createdAt: stayAgreementVersions.createdAt,
        })
        .from(stayAgreementVersions)
        .where(inArray(stayAgreementVersions.bookingId, bookingIds))
        .orderBy(asc(stayAgreementVersions.bookingId), asc(stayAgreementVersions.version))
    : [];
  const acceptances = await db
    .select({
      bookingId: stayAgreementVersions.bookingId,
      version: stayAgreementVersions.version,
      role: stayAgreementAcceptances.role,
      language: stayAgreementAcceptances.language,
      sha256: stayAgreementAcceptances.sha256,
      ip: stayAgreementAcceptances.ip,
      acceptedAt: stayAgreementAcceptances.acceptedAt,
    })
    .from(stayAgreementAcceptances)
    .innerJoin(stayAgreementVersions, eq(stayAgreementVersions.id, stayAgreementAcceptances.versionId))
    .where(eq(stayAgreementAcceptances.userId, userId))
    .orderBy(asc(stayAgreementAcceptances.acceptedAt));
  return { versions, acceptances };
}
