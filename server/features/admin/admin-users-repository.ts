import { and, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Role } from '../../../core/constants.ts';
import type { adminUserSchema, UserStatus, UsersQuery } from '../../../core/contracts/admin.ts';
import { today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { moveBookings } from '../../db/state-moves-sql.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { bookings, profiles, properties, securityEvents, sessions, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

/** Where and in which language to write to a user. */
export async function contactOf(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, language: users.language, firstName: profiles.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/**
 * Users matching the admin's search (the newest 100), each host with the confirmed stays at their
 * listings that have not ended yet.
 */
export async function searchUsers(db: Database, filter: UsersQuery, day = today()): Promise<z.infer<typeof adminUserSchema>[]> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = containsPattern(filter.q);
    conditions.push(or(ilike(users.email, like), ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, like))!);
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const rows = await db
    .select({
      ...pickColumns(users, ['id', 'email', 'role', 'status', 'createdAt']),
      ...pickColumns(profiles, ['firstName', 'lastName', 'idVerificationStatus']),
      // Confirmed stays (they had a receipt number) the user cancelled as their host.
      hostCancellations: sql<number>`(select count(*)::int from bookings b join properties p on p.id = b.property_id
        where p.host_id = ${users.id} and b.cancelled_by = ${users.id} and b.status = 'cancelled' and b.receipt_number is not null)`,
      // Messages and listing saves in which masking hid something (contact_masking_events, decision 049).
      maskings: sql<number>`(select count(*)::int from contact_masking_events e where e.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(desc(users.createdAt))
    .limit(100);
  const stays = await staysAheadOf(
    db,
    rows.filter((row) => row.role !== 'guest').map((row) => row.id),
    day,
  );
  return rows.map((row) => ({
    ...row,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    idVerificationStatus: row.idVerificationStatus ?? 'unverified',
    staysAhead: stays.filter((stay) => stay.hostId === row.id).map(({ hostId: _hostId, ...stay }) => stay),
  }));
}

async function findUser(db: Database, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The user an admin acts on: 404 when there is none; never the admin themself, who could lock themself out. */
export async function findOtherUser(db: Database, adminId: string, id: string) {
  if (id === adminId) throw new HttpError(409, 'cannot_change_self', 'You cannot change your own account here');
  const user = await findUser(db, id);
  if (!user) throw new HttpError(404, 'not_found', 'No such user');
  return user;
}

export async function setRole(db: Database, id: string, role: Role, now = new Date()) {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
}

/**
 * Makes an existing account an admin from the command line (`npm run admin:grant`): a new
 * deployment has no admin to do it from the site. Only a confirmed, active account qualifies, so a
 * typo cannot promote an address someone else signs up with later. Recorded in the audit trail.
 */
export async function grantAdminByEmail(
  db: Database,
  email: string,
  now = new Date(),
): Promise<'granted' | 'already_admin' | 'not_found' | 'not_eligible'> {
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
    const declined = await moveBookings(tx, {
      status: 'declined',
      set: { decidedAt: now, updatedAt: now },
      where: and(
        eq(bookings.status, 'pending'),
        inArray(bookings.propertyId, tx.select({ id: properties.id }).from(properties).where(eq(properties.hostId, id))),
      ),
    }).returning({ id: bookings.id });
    // Declined requests are answered requests in the host's figures.
    if (declined.length > 0) await refreshHostFigures(tx, [id], now);
    return declined.map((row) => row.id);
  });
}

const stayDates = pickColumns(bookings, ['checkIn', 'checkOut']);

/**
 * Confirmed stays at the listings of these hosts that have not ended yet: a suspended host's
 * guests still expect them, so the admin sees them on the host's row to settle each one.
 */
async function staysAheadOf(db: Database, hostIds: string[], today: string) {
  if (hostIds.length === 0) return [];
  const guest = alias(users, 'guest');
  return db
    .select({
      hostId: properties.hostId,
      bookingId: bookings.id,
      propertyId: properties.id,
      title: properties.titleEn,
      ...stayDates,
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
      ...pickColumns(properties, ['titleEn', 'titleHe']),
      ...stayDates,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guest, eq(guest.id, bookings.guestId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .where(inArray(bookings.id, bookingIds));
}
