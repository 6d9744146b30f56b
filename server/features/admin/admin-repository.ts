import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '../../../core/constants.ts';
import type { Database } from '../../db/database.ts';
import {
  bookings,
  places,
  profiles,
  properties,
  propertyPhotos,
  reports,
  securityEvents,
  sessions,
  users,
  type PendingListingChanges,
} from '../../db/schema.ts';

type ReportStatus = (typeof reports.$inferSelect)['status'];
type UserStatus = (typeof users.$inferSelect)['status'];

function monthStarts(now: Date) {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { thisMonth, lastMonth, nextMonth };
}

const toNumber = (value: unknown) => Number(value ?? 0);
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The four dashboard figures, each with its value at the end of last month. Counts of things that
 * exist (users, listings, the review queue) compare with what already existed before this month;
 * revenue compares this month's commission with last month's.
 */
export async function dashboardStats(db: Database, now = new Date()) {
  const { thisMonth, lastMonth, nextMonth } = monthStarts(now);
  const before = (column: SQL | typeof users.createdAt) => sql<number>`count(*) filter (where ${column} < ${thisMonth.toISOString()})`;
  const [userCounts] = await db.select({ now: count(), before: before(users.createdAt) }).from(users);
  const [listingCounts] = await db
    .select({ now: count(), before: before(sql`${properties.publishedAt}`) })
    .from(properties)
    .where(eq(properties.status, 'approved'));
  const commission = sql<number>`coalesce(sum(round(${bookings.subtotal} * ${bookings.commissionRate})), 0)`;
  const revenueIn = async (from: Date, to: Date) => {
    const [row] = await db
      .select({ total: commission })
      .from(bookings)
      .where(and(inArray(bookings.status, ['confirmed', 'completed']), gte(bookings.decidedAt, from), lt(bookings.decidedAt, to)));
    return toNumber(row?.total);
  };
  const [idQueue] = await db
    .select({ now: count(), before: before(sql`${profiles.verificationSubmittedAt}`) })
    .from(profiles)
    .where(eq(profiles.idVerificationStatus, 'pending'));
  const [listingQueue] = await db
    .select({ now: count(), before: before(sql`${properties.updatedAt}`) })
    .from(properties)
    .where(or(eq(properties.status, 'submitted'), isNotNull(properties.pendingChanges)));
  const [reportQueue] = await db
    .select({ now: count(), before: before(sql`${reports.createdAt}`) })
    .from(reports)
    .where(inArray(reports.status, ['pending', 'investigating']));
  return {
    totalUsers: { value: toNumber(userCounts?.now), lastMonth: toNumber(userCounts?.before) },
    activeListings: { value: toNumber(listingCounts?.now), lastMonth: toNumber(listingCounts?.before) },
    monthlyRevenue: { value: await revenueIn(thisMonth, nextMonth), lastMonth: await revenueIn(lastMonth, thisMonth) },
    pendingReviews: {
      value: toNumber(idQueue?.now) + toNumber(listingQueue?.now) + toNumber(reportQueue?.now),
      lastMonth: toNumber(idQueue?.before) + toNumber(listingQueue?.before) + toNumber(reportQueue?.before),
    },
  };
}

// ---------------------------------------------------------------- verifications

export async function pendingIdDocuments(db: Database) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      submittedAt: profiles.verificationSubmittedAt,
      status: profiles.idVerificationStatus,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.idVerificationStatus, 'pending'), sql`${profiles.idDocumentKey} is not null`))
    .orderBy(profiles.verificationSubmittedAt);
}

export async function submittedListings(db: Database) {
  return db
    .select({
      id: properties.id,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      propertyType: properties.propertyType,
      status: properties.status,
      submittedAt: properties.updatedAt,
      hostId: users.id,
      hostEmail: users.email,
      hostFirstName: profiles.firstName,
      hostLastName: profiles.lastName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(profiles, eq(profiles.userId, properties.hostId))
    .where(eq(properties.status, 'submitted'))
    .orderBy(properties.updatedAt);
}

export async function contactOf(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, language: users.language, firstName: profiles.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Decides a pending ID document; false when none was waiting (already decided, or never sent). */
export async function decideIdDocument(db: Database, userId: string, decision: 'verified' | 'rejected', reason: string | null, now = new Date()) {
  const rows = await db
    .update(profiles)
    .set({ idVerificationStatus: decision, isVerified: decision === 'verified', verificationRejectionReason: reason, updatedAt: now })
    .where(and(eq(profiles.userId, userId), eq(profiles.idVerificationStatus, 'pending')))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}

/** Decides a submitted listing; undefined when it was not waiting. */
export async function decideListing(db: Database, id: number, decision: 'approved' | 'rejected', reason: string | null, now = new Date()) {
  const [row] = await db
    .update(properties)
    .set({
      // A suspended host's listing, once approved, stays down with the account until it is reactivated.
      status:
        decision === 'approved'
          ? sql`case when exists (select 1 from ${users} u where u.id = ${properties.hostId} and u.status = 'suspended') then 'suspended'::listing_status else 'approved'::listing_status end`
          : decision,
      rejectionReason: reason,
      publishedAt: decision === 'approved' ? sql`coalesce(${properties.publishedAt}, ${now.toISOString()})` : sql`${properties.publishedAt}`,
      updatedAt: now,
    })
    .where(and(eq(properties.id, id), eq(properties.status, 'submitted')))
    .returning({ hostId: properties.hostId, titleEn: properties.titleEn, titleHe: properties.titleHe });
  return row;
}

// ---------------------------------------------------------------- edits of published listings

/** Published listings whose host's edits wait for a decision, oldest first, with the approved photos. */
export async function listingChangesQueue(db: Database) {
  const rows = await db
    .select({
      listing: properties,
      hostEmail: users.email,
      hostFirstName: profiles.firstName,
      hostLastName: profiles.lastName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(profiles, eq(profiles.userId, properties.hostId))
    .where(isNotNull(properties.pendingChanges))
    .orderBy(asc(properties.changesSubmittedAt), asc(properties.id));
  const photos = rows.length
    ? await db
        .select({ propertyId: propertyPhotos.propertyId, storageKey: propertyPhotos.storageKey })
        .from(propertyPhotos)
        .where(inArray(propertyPhotos.propertyId, rows.map((row) => row.listing.id)))
        .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.id))
    : [];
  return rows.map((row) => ({ ...row, livePhotoKeys: photos.filter((photo) => photo.propertyId === row.listing.id).map((photo) => photo.storageKey) }));
}

export async function placeNames(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: places.id, nameEn: places.nameEn, parentId: places.parentId, kind: places.kind }).from(places).where(inArray(places.id, ids));
}

/** The columns an approved change may write: what a host edits of a listing, and the city that goes with a place. */
const revisableColumns = new Set([
  'propertyType', 'titleEn', 'titleHe', 'descriptionEn', 'descriptionHe', 'placeId', 'cityId', 'address', 'pricePerNight', 'pricePerWeek',
  'pricePerMonth', 'amenities', 'houseRules', 'leaseOptions', 'starRating', 'roomCount', 'bedrooms', 'bathrooms', 'maxGuests', 'petFriendly',
  'swapAvailable',
]);

/**
 * Publishes a listing's pending changes: the fields become the columns and the photo list replaces
 * the approved photos (new uploads take the ids they were given). Undefined when none were waiting.
 * Returns the files of the photos the change removed, for the caller to delete.
 */
export async function approveListingChanges(db: Database, id: number, seen: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(properties).where(and(eq(properties.id, id), isNotNull(properties.pendingChanges))).for('update');
    const pending = row?.pendingChanges;
    if (!row || !pending) return undefined;
    // The admin approves the version they compared: a host who edits again meanwhile (a harmless
    // version shown, a scam one swapped in before the click) gets nothing published.
    if (row.updatedAt.toISOString() !== seen) return 'outdated' as const;
    const fields = Object.fromEntries(Object.entries(pending.fields).filter(([key]) => revisableColumns.has(key)));
    const [updated] = await tx
      .update(properties)
      .set({ ...(fields as Partial<typeof properties.$inferInsert>), pendingChanges: null, changesSubmittedAt: null, changesRejectionReason: null, updatedAt: now })
      .where(eq(properties.id, id))
      .returning({ hostId: properties.hostId, titleEn: properties.titleEn });
    const removedKeys: string[] = [];
    if (pending.photos) {
      const wanted = pending.photos;
      const live = await tx.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
      const gone = live.filter((photo) => !wanted.some((keep) => keep.id === photo.id));
      if (gone.length) {
        await tx.delete(propertyPhotos).where(inArray(propertyPhotos.id, gone.map((photo) => photo.id)));
        removedKeys.push(...gone.map((photo) => photo.storageKey));
      }
      for (const [position, photo] of wanted.entries()) {
        if (live.some((existing) => existing.id === photo.id)) {
          await tx.update(propertyPhotos).set({ position }).where(eq(propertyPhotos.id, photo.id));
        } else {
          await tx.insert(propertyPhotos).values({ id: photo.id, propertyId: id, storageKey: photo.storageKey, width: photo.width, height: photo.height, position });
        }
      }
    }
    return { ...updated!, removedKeys };
  });
}

/**
 * Turns a listing's pending changes down with a reason the host sees: the approved version stays.
 * Returns the files of photos that were only part of the change, for the caller to delete.
 */
export async function rejectListingChanges(db: Database, id: number, reason: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(properties).where(and(eq(properties.id, id), isNotNull(properties.pendingChanges))).for('update');
    const pending: PendingListingChanges | null | undefined = row?.pendingChanges;
    if (!row || !pending) return undefined;
    const live = await tx.select({ id: propertyPhotos.id }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
    const discardedKeys = (pending.photos ?? []).filter((photo) => !live.some((existing) => existing.id === photo.id)).map((photo) => photo.storageKey);
    await tx
      .update(properties)
      .set({ pendingChanges: null, changesSubmittedAt: null, changesRejectionReason: reason, updatedAt: now })
      .where(eq(properties.id, id));
    return { hostId: row.hostId, titleEn: row.titleEn, discardedKeys };
  });
}

// ---------------------------------------------------------------- reports

export async function listReports(db: Database, status: ReportStatus | undefined) {
  const reporter = alias(users, 'reporter');
  const reported = alias(users, 'reported');
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      propertyId: reports.propertyId,
      propertyTitleEn: properties.titleEn,
      propertyTitleHe: properties.titleHe,
      reportedUserId: reports.reportedUserId,
      reportedEmail: reported.email,
      reporterId: reports.reporterId,
      reporterEmail: reporter.email,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      notes: reports.notes,
      createdAt: reports.createdAt,
      updatedAt: reports.updatedAt,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(reported, eq(reported.id, reports.reportedUserId))
    .leftJoin(properties, eq(properties.id, reports.propertyId))
    .where(status ? eq(reports.status, status) : undefined)
    .orderBy(desc(reports.createdAt))
    .limit(200);
}

export async function reportStatus(db: Database, id: number) {
  const [row] = await db.select({ status: reports.status }).from(reports).where(eq(reports.id, id));
  return row?.status;
}

/** Moves a report on only from the status the caller saw, so two admins cannot both decide it. */
export async function moveReport(db: Database, id: number, from: ReportStatus, to: ReportStatus, notes: string | null, now = new Date()) {
  const rows = await db
    .update(reports)
    .set({ status: to, notes, updatedAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, from)))
    .returning({ id: reports.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- users

export async function searchUsers(db: Database, filter: { q?: string | undefined; role?: Role | undefined; status?: UserStatus | undefined }) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = escapeLike(filter.q);
    conditions.push(or(ilike(users.email, like), ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, like))!);
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: users.role,
      status: users.status,
      idVerificationStatus: profiles.idVerificationStatus,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(desc(users.createdAt))
    .limit(100);
}

export async function findUser(db: Database, id: string) {
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role, status: users.status }).from(users).where(eq(users.id, id));
  return row;
}

export async function setRole(db: Database, id: string, role: Role, now = new Date()) {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
}

/**
 * Makes an existing account an admin from the command line (`npm run admin:grant`): a new
 * deployment has no admin to do it from the site. Only a confirmed, active account qualifies, so a
 * typo cannot promote an address someone else signs up with later. Recorded in the audit trail.
 */
export async function grantAdminByEmail(db: Database, email: string, now = new Date()): Promise<'granted' | 'already_admin' | 'not_found' | 'not_eligible'> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, status: users.status, emailConfirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`)
      .for('update');
    if (!user) return 'not_found';
    if (user.status !== 'active' || !user.emailConfirmedAt) return 'not_eligible';
    if (user.role === 'admin') return 'already_admin';
    await tx.update(users).set({ role: 'admin', updatedAt: now }).where(eq(users.id, user.id));
    await tx.insert(securityEvents).values({
      userId: user.id,
      eventType: 'ROLE_CHANGED',
      description: `Role changed from ${user.role} to admin from the command line (npm run admin:grant)`,
      createdAt: now,
    });
    return 'granted';
  });
}

/**
 * Suspending ends every session of the user at once (the session hook refuses suspended accounts
 * too), takes their published listings down (approved → suspended: out of search, the property page
 * and booking) and declines the requests waiting at them, all in one transaction, so that no guest
 * books a listing of a suspended host in between. Reactivating puts back exactly the listings the
 * suspension took down. Returns the ids of the declined requests, for the guests' mails.
 */
export async function setUserStatus(db: Database, id: string, status: UserStatus, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, id));
    if (status === 'active') {
      await tx
        .update(properties)
        .set({ status: 'approved', updatedAt: now })
        .where(and(eq(properties.hostId, id), eq(properties.status, 'suspended')));
      return [];
    }
    await tx.delete(sessions).where(eq(sessions.userId, id));
    // Row locks on the listings first: a booking request takes the same lock, so it either lands
    // before (and is declined below) or sees the listing gone.
    await tx
      .update(properties)
      .set({ status: 'suspended', updatedAt: now })
      .where(and(eq(properties.hostId, id), eq(properties.status, 'approved')));
    const declined = await tx
      .update(bookings)
      .set({ status: 'declined', decidedAt: now, updatedAt: now })
      .where(
        and(
          eq(bookings.status, 'pending'),
          inArray(bookings.propertyId, tx.select({ id: properties.id }).from(properties).where(eq(properties.hostId, id))),
        ),
      )
      .returning({ id: bookings.id });
    return declined.map((row) => row.id);
  });
}

/**
 * Confirmed stays at the listings of these hosts that have not ended yet: a suspended host's
 * guests still expect them, so the admin sees them on the host's row to settle each one.
 */
export async function staysAheadOf(db: Database, hostIds: string[], today: string) {
  if (hostIds.length === 0) return [];
  const guest = alias(users, 'guest');
  return db
    .select({
      hostId: properties.hostId,
      bookingId: bookings.id,
      propertyId: properties.id,
      title: properties.titleEn,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      guestEmail: guest.email,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guest, eq(guest.id, bookings.guestId))
    .where(and(inArray(properties.hostId, hostIds), eq(bookings.status, 'confirmed'), gt(bookings.checkOut, today)))
    .orderBy(bookings.checkIn);
}

/** Who to tell that a request was declined, and in which language (the booking mail's fields). */
export async function declinedRequestParties(db: Database, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  const guest = alias(users, 'guest');
  const guestProfile = alias(profiles, 'guest_profile');
  const hostProfile = alias(profiles, 'host_profile');
  return db
    .select({
      email: guest.email,
      language: guest.language,
      firstName: guestProfile.firstName,
      hostFirstName: hostProfile.firstName,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guest, eq(guest.id, bookings.guestId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .where(inArray(bookings.id, bookingIds));
}

// ---------------------------------------------------------------- audit trail

export async function listSecurityEvents(db: Database, filter: { user?: string | undefined; eventType?: string | undefined; limit: number }) {
  const conditions: SQL[] = [];
  if (filter.user) conditions.push(ilike(users.email, escapeLike(filter.user)));
  if (filter.eventType) conditions.push(eq(securityEvents.eventType, filter.eventType));
  return db
    .select({
      id: securityEvents.id,
      createdAt: securityEvents.createdAt,
      eventType: securityEvents.eventType,
      userId: securityEvents.userId,
      email: users.email,
      description: securityEvents.description,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
    })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(and(...conditions))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(filter.limit);
}

// ---------------------------------------------------------------- reports filed by users

/**
 * What a report may be about: a published listing (the one on the page the reporter saw; drafts
 * answer as missing, so that ids cannot be probed) or any user. Undefined when there is none.
 */
export async function reportTarget(
  db: Database,
  target: { propertyId: number | null; userId: string | null },
): Promise<{ hostId: string | null } | undefined> {
  if (target.propertyId !== null) {
    const [row] = await db
      .select({ hostId: properties.hostId })
      .from(properties)
      .where(and(eq(properties.id, target.propertyId), eq(properties.status, 'approved')));
    return row;
  }
  if (target.userId !== null) return (await findUser(db, target.userId)) ? { hostId: null } : undefined;
  return undefined;
}

export async function insertReport(
  db: Database,
  report: { reporterId: string; targetType: 'property' | 'user'; propertyId: number | null; reportedUserId: string | null; reason: string; details: string | null },
) {
  const [row] = await db.insert(reports).values(report).returning({ id: reports.id, status: reports.status, createdAt: reports.createdAt });
  return row!;
}
