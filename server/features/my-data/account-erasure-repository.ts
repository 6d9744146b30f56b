/**
 * The erasure of a closed account (docs/decisions/050-your-data.md), over 300 lines' worth of rules
 * kept in one place on purpose: what is deleted, what is kept without its personal fields, and the
 * sweep that removes every mention of the member's e-mail, phone and name from the text that stays.
 */
import { and, eq, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { accountErasureLimits, erasedEmailOf, phoneForms, redactedText } from '../../../core/account-data-rules.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { photoVariantFormats, photoVariantName, photoVariantWidths } from '../../../core/photo-variants.ts';
import type { Database, Transaction } from '../../db/database.ts';
import {
  accountDeletions,
  analyticsEvents,
  authTokens,
  bookings,
  stayChanges,
  calendarExports,
  calendarFeeds,
  contactMaskingEvents,
  contactMessages,
  dataExports,
  jobApplications,
  listingArrivalInfo,
  moveInReportPhotos,
  newsletterSubscriptions,
  notices,
  outgoingMail,
  passkeys,
  profiles,
  properties,
  propertyPhotos,
  rateLimitCounters,
  recommendations,
  recoveryCodes,
  savedListings,
  savedSearches,
  payoutMethods,
  securityEvents,
  stayAgreementAcceptances,
  sessions,
  signInChallenges,
  totpSecrets,
  userSignups,
  users,
} from '../../db/schema.ts';

export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/**
 * Takes the closed account most overdue for erasure, for this runner alone: one UPDATE leasing the
 * row under FOR UPDATE SKIP LOCKED (as the mail queue does), so two instances never erase the same
 * account at once, and a runner that died leaves its lease to run out for another to finish.
 */
export async function claimDueErasure(db: Database, now: Date): Promise<AccountDeletionRow | undefined> {
  const due = db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(
      or(
        and(eq(accountDeletions.status, 'closed'), lte(accountDeletions.eraseAfter, now)),
        and(eq(accountDeletions.status, 'erasing'), lt(accountDeletions.claimedUntil, now)),
      ),
    )
    .orderBy(accountDeletions.eraseAfter)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(accountDeletions)
    .set({
      status: 'erasing',
      claimedUntil: new Date(now.getTime() + accountErasureLimits.claimMinutes * 60_000),
      attempts: sql`${accountDeletions.attempts} + 1`,
    })
    .where(inArray(accountDeletions.id, due))
    .returning();
  return row;
}

/** Records why an erasure failed; the lease runs out and the next run tries again. */
export async function recordErasureError(db: Database, claimed: AccountDeletionRow, error: string) {
  await db
    .update(accountDeletions)
    .set({ lastError: error.slice(0, 500) })
    .where(and(eq(accountDeletions.id, claimed.id), eq(accountDeletions.status, 'erasing')));
}

/** The move-in reports of the member's stays, as guest or as host (decision 056). */
const moveInReportsOf = (userId: string) =>
  sql`(select r.id from move_in_reports r join bookings b on b.id = r.booking_id join properties p on p.id = b.property_id where b.guest_id = ${userId} or p.host_id = ${userId})`;

/** What identifies the member in text, and the files they own, read before anything is erased. */
export async function erasureSubject(db: Database, userId: string) {
  const [person] = await db
    .select({
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      profileImageKey: profiles.profileImageKey,
      idDocumentKey: profiles.idDocumentKey,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  const listings = await db
    .select({
      id: properties.id,
      pendingChanges: properties.pendingChanges,
      placeDocumentKey: properties.placeDocumentKey,
      address: properties.address,
      addressHe: properties.addressHe,
    })
    .from(properties)
    .where(eq(properties.hostId, userId));
  const listingIds = listings.map((listing) => listing.id);
  const photos = listingIds.length
    ? await db.select({ key: propertyPhotos.storageKey }).from(propertyPhotos).where(inArray(propertyPhotos.propertyId, listingIds))
    : [];
  const exports = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.storageKey)));
  const email = person?.email ?? '';
  const applications = email
    ? await db
        .select({ key: jobApplications.cvKey })
        .from(jobApplications)
        .where(eq(sql`lower(${jobApplications.email})`, email))
    : [];
  // Move-in report photos of their stays, as guest or host (decision 056): the report stays, its photos go.
  const moveInPhotos = await db
    .select({ key: moveInReportPhotos.storageKey })
    .from(moveInReportPhotos)
    .where(inArray(moveInReportPhotos.reportId, moveInReportsOf(userId)));
  const photoKeys = [
    ...photos.map((photo) => photo.key),
    ...listings.flatMap((listing) => listing.pendingChanges?.photos?.map((photo) => photo.storageKey) ?? []),
  ];
  const files = new Set<string>([
    ...[person?.profileImageKey, person?.idDocumentKey].filter((key): key is string => Boolean(key)),
    ...photoKeys,
    // Every size and format a listing photo may have been stored in (server/storage/photo-variants.ts).
    ...photoKeys.flatMap((key) =>
      photoVariantWidths.flatMap((width) => photoVariantFormats.map((format) => photoVariantName(key, width, format))),
    ),
    ...exports.map((row) => row.key).filter((key): key is string => Boolean(key)),
    ...applications.map((row) => row.key),
    // The deeds, leases and licences that proved their places (decision 052).
    ...listings.flatMap((listing) => (listing.placeDocumentKey ? [listing.placeDocumentKey] : [])),
    ...moveInPhotos.map((photo) => photo.key),
  ]);
  return {
    email,
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    phone: person?.phone ?? null,
    listingIds,
    // Their listings' street addresses, as the stays' agreements state them (decision 055).
    addresses: listings.flatMap((listing) => [listing.address, listing.addressHe]).filter((text): text is string => Boolean(text?.trim())),
    files: [...files],
  };
}

export type ErasureSubject = Awaited<ReturnType<typeof erasureSubject>>;

/** A literal string as a PostgreSQL regular expression (advanced syntax). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The member's e-mail and phone numbers: specific enough to be theirs wherever they appear, so every
 * text column of every table is swept for them. A name is not (namesakes exist): see namePattern.
 */
function identifierPattern(subject: ErasureSubject): string | null {
  const literals = [subject.email, ...phoneForms(subject.phone)].filter((text) => text.length >= 3);
  return literals.length ? literals.map(escapeRegex).join('|') : null;
}

/**
 * The member's full name, then first and last name, as whole words (the full name first, so it
 * becomes one mark): swept only in text tied to the member (their listings, conversations, reviews,
 * recommendations and reports) and in the logs (mail, audit), never in another person's own fields.
 */
function namePattern(subject: ErasureSubject): string | null {
  const first = subject.firstName.trim();
  const last = subject.lastName.trim();
  const names = [...(first && last ? [`${first} ${last}`] : []), first, last].filter((name) => name.length >= 2);
  return names.length ? `\\m(${names.map(escapeRegex).join('|')})\\M` : null;
}

const replaced = (column: SQL, pattern: string) => sql`regexp_replace(${column}, ${pattern}, ${redactedText}, 'gi')`;

/** Redacts a pattern in the given text columns of a table's rows that the condition selects. */
async function redactColumns(tx: Transaction, table: string, columns: string[], pattern: string, where: SQL) {
  for (const column of columns) {
    const target = sql.identifier(column);
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${target} = ${replaced(sql`${target}`, pattern)} where ${target} ~* ${pattern} and (${where})`,
    );
  }
}

interface ColumnRow extends Record<string, unknown> {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
}

/**
 * The sweep: every text, JSON and text-array column of every table of the schema, whatever feature
 * added it, loses each mention of the member's e-mail and phone. Slow on big tables (a
 * scan per column), which is why it runs in the erasure job, a few times a day at most.
 */
async function sweepEveryTable(tx: Transaction, pattern: string) {
  const columns = await tx.execute<ColumnRow>(sql`
    select c.table_name, c.column_name, c.data_type, c.udt_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.is_generated = 'NEVER'
      and (c.data_type in ('text', 'character varying', 'json', 'jsonb') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
    order by c.table_name, c.column_name`);
  for (const { table_name: table, column_name: name, data_type: type } of columns.rows) {
    const column = sql.identifier(name);
    const matches =
      type === 'ARRAY' || type === 'json' || type === 'jsonb' ? sql`${column}::text ~* ${pattern}` : sql`${column} ~* ${pattern}`;
    const value =
      type === 'json' || type === 'jsonb'
        ? sql`${replaced(sql`${column}::text`, pattern)}::${sql.raw(type)}`
        : type === 'ARRAY'
          ? sql`array(select ${replaced(sql`item`, pattern)} from unnest(${column}) with ordinality as u(item, n) order by n)`
          : replaced(sql`${column}`, pattern);
    await tx.execute(sql`update ${sql.identifier(table)} set ${column} = ${value} where ${matches}`);
  }
}

/**
 * Erases the member's personal data in one transaction, and marks the request erased only while
 * this runner holds its lease (false when it lost it: the transaction is undone). Kept, without
 * personal fields: bookings and the ledger (7 years, the privacy policy's retention), reviews and
 * messages (shown from "Former member"), the listings' rows (their stays point at them).
 */
export async function eraseAccount(db: Database, claimed: AccountDeletionRow, subject: ErasureSubject, now: Date): Promise<boolean> {
  const userId = claimed.userId;
  const lostLease = new Error('lease lost');
  try {
    await db.transaction(async (tx) => {
      const listingIds = subject.listingIds;

      // Gone entirely: what exists only for the member.
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(authTokens).where(eq(authTokens.userId, userId));
      await tx.delete(dataExports).where(eq(dataExports.userId, userId));
      await tx.delete(savedListings).where(eq(savedListings.userId, userId));
      await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
      // Their in-app notices (decision 063). Others' notices about their stays hold no name: the text reads it when shown.
      await tx.delete(notices).where(eq(notices.userId, userId));
      // The bank account payouts went to (decision 057).
      await tx.delete(payoutMethods).where(eq(payoutMethods.userId, userId));
      await tx.delete(recommendations).where(eq(recommendations.recommendedUserId, userId));
      // The second factor and passkeys (decision 051) and how often their text was masked (decision 049).
      await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(passkeys).where(eq(passkeys.userId, userId));
      await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
      await tx.delete(contactMaskingEvents).where(eq(contactMaskingEvents.userId, userId));
      // A move-in report's photos of their stays (the report is kept with the stay's money, decision 056).
      await tx.delete(moveInReportPhotos).where(inArray(moveInReportPhotos.reportId, moveInReportsOf(userId)));
      await tx.delete(securityEvents).where(and(eq(securityEvents.userId, userId), ne(securityEvents.eventType, 'ACCOUNT_CLOSED')));
      await tx.update(securityEvents).set({ ip: null, userAgent: null }).where(eq(securityEvents.userId, userId));
      await tx.update(analyticsEvents).set({ userId: null, visitorId: null }).where(eq(analyticsEvents.userId, userId));
      if (subject.email) {
        const byEmail = (column: SQL | AnyPgColumn) => eq(sql`lower(${column})`, subject.email);
        await tx.delete(contactMessages).where(or(eq(contactMessages.userId, userId), byEmail(contactMessages.email)));
        await tx.delete(newsletterSubscriptions).where(byEmail(newsletterSubscriptions.email));
        await tx.delete(userSignups).where(byEmail(userSignups.email));
        await tx.delete(jobApplications).where(byEmail(jobApplications.email));
        await tx.delete(outgoingMail).where(byEmail(outgoingMail.toAddress));
        await tx.delete(rateLimitCounters).where(sql`position(${subject.email} in lower(${rateLimitCounters.key})) > 0`);
      } else {
        await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
      }

      // The listings stay (their stays and reviews point at them) without their address, pin, photos or links.
      if (listingIds.length) {
        await tx.delete(propertyPhotos).where(inArray(propertyPhotos.propertyId, listingIds));
        await tx.delete(calendarFeeds).where(inArray(calendarFeeds.propertyId, listingIds));
        await tx.delete(calendarExports).where(inArray(calendarExports.propertyId, listingIds));
        // Door codes, Wi-Fi and the house manual are the host's, not the stays' (decision 046).
        await tx.delete(listingArrivalInfo).where(inArray(listingArrivalInfo.propertyId, listingIds));
        await tx
          .update(properties)
          .set({
            address: null,
            addressHe: null,
            placeDocumentKey: null,
            latitude: null,
            longitude: null,
            pendingChanges: null,
            changesSubmittedAt: null,
            changesRejectionReason: null,
            updatedAt: now,
          })
          .where(inArray(properties.id, listingIds));
      }
      // Their stays as a guest stay in the books; their children's ages are theirs.
      await tx.update(bookings).set({ childAges: [] }).where(eq(bookings.guestId, userId));
      // Their stays' agreements are contracts and stay, pseudonymised (decision 055): the acceptance
      // keeps its time, side and hash but not the address it came from; the texts lose their
      // names (below) and their listings' street addresses.
      await tx.update(stayAgreementAcceptances).set({ ip: null }).where(eq(stayAgreementAcceptances.userId, userId));
      const agreementsOfTheirs = sql`booking_id in (select b.id from bookings b join properties p on p.id = b.property_id where b.guest_id = ${userId} or p.host_id = ${userId})`;
      const addresses = [...new Set(subject.addresses.flatMap((address) => [address.trim(), address.replace(/\s+/g, ' ').trim()]))].filter(
        (address) => address.length >= 3,
      );
      if (addresses.length) {
        await redactColumns(
          tx,
          'stay_agreement_versions',
          ['text_en', 'text_he'],
          addresses.map(escapeRegex).join('|'),
          agreementsOfTheirs,
        );
      }
      // So do the proposals to change those stays (decision 058): the children's ages go, and who
      // proposed or answered no longer points at the person (the proposal's side, guest or host, stays).
      await tx
        .update(stayChanges)
        .set({ childAges: [] })
        .where(inArray(stayChanges.bookingId, tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.guestId, userId))));
      await tx.update(stayChanges).set({ proposedBy: null }).where(eq(stayChanges.proposedBy, userId));
      await tx.update(stayChanges).set({ answeredBy: null }).where(eq(stayChanges.answeredBy, userId));

      // The person: no name, contact, birthday, photo or document; the row stays for the records.
      await tx
        .update(profiles)
        .set({
          firstName: '',
          lastName: '',
          phone: null,
          bio: null,
          dateOfBirth: null,
          profileImageKey: null,
          idDocumentKey: null,
          isVerified: false,
          idVerificationStatus: 'unverified',
          verificationSubmittedAt: null,
          verificationRejectionReason: null,
          updatedAt: now,
        })
        .where(eq(profiles.userId, userId));
      await tx
        .update(users)
        .set({ email: erasedEmailOf(userId), passwordHash: '!erased', emailConfirmedAt: null, updatedAt: now })
        .where(eq(users.id, userId));

      // Their e-mail and phones everywhere, then their names where the text is tied to them.
      const identifiers = identifierPattern(subject);
      if (identifiers) await sweepEveryTable(tx, identifiers);

      // Mentions of the member's name in what is kept, in text tied to them and in the logs.
      const names = namePattern(subject);
      if (names) {
        const threads = sql`conversation_id in (select c.id from conversations c join properties p on p.id = c.property_id where c.guest_id = ${userId} or p.host_id = ${userId})`;
        const theirBookings = sql`booking_id in (select b.id from bookings b join properties p on p.id = b.property_id where b.guest_id = ${userId} or p.host_id = ${userId})`;
        await redactColumns(tx, 'booking_messages', ['body'], names, threads);
        await redactColumns(tx, 'reviews', ['body', 'reply_body'], names, theirBookings);
        await redactColumns(tx, 'guest_reviews', ['body'], names, theirBookings);
        await redactColumns(tx, 'stay_agreement_versions', ['text_en', 'text_he'], names, theirBookings);
        await redactColumns(tx, 'move_in_reports', ['description', 'host_answer'], names, theirBookings);
        await redactColumns(
          tx,
          'recommendations',
          ['recommendation_text', 'relationship_context'],
          names,
          sql`recommender_user_id = ${userId}`,
        );
        await redactColumns(tx, 'reports', ['details', 'notes'], names, sql`reporter_id = ${userId} or reported_user_id = ${userId}`);
        await redactColumns(
          tx,
          'properties',
          ['title_en', 'title_he', 'description_en', 'description_he'],
          names,
          sql`host_id = ${userId}`,
        );
        await redactColumns(tx, 'outgoing_mail', ['subject', 'text_body', 'html_body'], names, sql`true`);
        await redactColumns(tx, 'security_events', ['description'], names, sql`true`);
        await tx.execute(
          sql`update security_events set description_params = ${replaced(sql`description_params::text`, names)}::jsonb where description_params::text ~* ${names}`,
        );
        // The typo lexicon (decision 048) keeps every word listings ever had: their names leave it
        // unless a listing still holds the word (a namesake's, or a word that is also a name).
        const nameWords = [subject.firstName, subject.lastName]
          .flatMap((name) => name.toLowerCase().split(/\s+/))
          .filter((word) => word.length >= 4 && /^[a-z0-9א-ת]+$/.test(word));
        if (nameWords.length) {
          await tx.execute(
            sql`delete from search_lexicon l where l.word in (${sql.join(
              nameWords.map((word) => sql`${word}`),
              sql`, `,
            )}) and not exists (select 1 from properties p where p.search_document @@ to_tsquery('simple', l.word))`,
          );
        }
      }
      const marked = await tx
        .update(accountDeletions)
        .set({ status: 'erased', erasedAt: now, claimedUntil: null, lastError: null })
        .where(
          and(
            eq(accountDeletions.id, claimed.id),
            eq(accountDeletions.status, 'erasing'),
            eq(accountDeletions.claimedUntil, claimed.claimedUntil!),
          ),
        )
        .returning({ id: accountDeletions.id });
      if (marked.length !== 1) throw lostLease;
    });
    return true;
  } catch (error) {
    if (error === lostLease) return false;
    throw error;
  }
}

/** Closed accounts and their erasure, newest first, for the admins' list. */
export async function listAccountDeletions(db: Database) {
  return db
    .select({
      id: accountDeletions.id,
      userId: accountDeletions.userId,
      role: accountDeletions.role,
      status: accountDeletions.status,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: users.email,
      requestedAt: accountDeletions.requestedAt,
      eraseAfter: accountDeletions.eraseAfter,
      erasedAt: accountDeletions.erasedAt,
      attempts: accountDeletions.attempts,
      lastError: accountDeletions.lastError,
    })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .leftJoin(profiles, eq(profiles.userId, accountDeletions.userId))
    .orderBy(sql`${accountDeletions.requestedAt} desc`)
    .limit(200);
}
