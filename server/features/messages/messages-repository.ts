import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { BookingMessage, UnreadMessageCounts } from '../../../core/contracts/messages.ts';
import type { Database } from '../../db/database.ts';
import { bookingMessages, bookings, profiles, properties, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

export interface ThreadParties {
  bookingId: string;
  guestId: string;
  hostId: string;
  titleEn: string;
  titleHe: string;
}

/**
 * The booking's guest and host, if `userId` is one of them. Anyone else is told the booking does not
 * exist, so a thread cannot even be probed for.
 */
export async function threadFor(db: Database, bookingId: string, userId: string): Promise<ThreadParties> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      guestId: bookings.guestId,
      hostId: properties.hostId,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId));
  if (!row || (row.guestId !== userId && row.hostId !== userId)) throw new HttpError(404, 'booking_not_found', 'No such booking');
  return row;
}

/** The whole thread, oldest first, as `viewerId` sees it; opening it marks the other side's messages read. */
export async function readThread(db: Database, bookingId: string, viewerId: string, now = new Date()): Promise<BookingMessage[]> {
  await db
    .update(bookingMessages)
    .set({ readAt: now })
    .where(and(eq(bookingMessages.bookingId, bookingId), ne(bookingMessages.senderId, viewerId), isNull(bookingMessages.readAt)));
  const rows = await db
    .select({
      id: bookingMessages.id,
      body: bookingMessages.body,
      senderId: bookingMessages.senderId,
      senderFirstName: profiles.firstName,
      createdAt: bookingMessages.createdAt,
      readAt: bookingMessages.readAt,
    })
    .from(bookingMessages)
    .leftJoin(profiles, eq(profiles.userId, bookingMessages.senderId))
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id));
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    mine: row.senderId === viewerId,
    senderFirstName: row.senderFirstName ?? '',
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
}

/**
 * Adds a message. Returns it with whether the recipient already had unread messages from this
 * sender in the thread: they are only e-mailed about the first, not about every line of a chat.
 */
export async function postMessage(db: Database, bookingId: string, senderId: string, body: string) {
  const [waiting] = await db
    .select({ n: count() })
    .from(bookingMessages)
    .where(and(eq(bookingMessages.bookingId, bookingId), eq(bookingMessages.senderId, senderId), isNull(bookingMessages.readAt)));
  const [row] = await db.insert(bookingMessages).values({ bookingId, senderId, body }).returning();
  const [sender] = await db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, senderId));
  const message: BookingMessage = {
    id: row!.id,
    body: row!.body,
    mine: true,
    senderFirstName: sender?.firstName ?? '',
    createdAt: row!.createdAt.toISOString(),
    readAt: null,
  };
  return { message, recipientAlreadyNotified: (waiting?.n ?? 0) > 0 };
}

/** Unread messages addressed to the user, about their own stays and about stays at their listings. */
export async function unreadMessageCounts(db: Database, userId: string): Promise<UnreadMessageCounts> {
  const [row] = await db
    .select({
      asGuest: sql<number>`count(*) filter (where ${bookings.guestId} = ${userId})::int`,
      asHost: sql<number>`count(*) filter (where ${properties.hostId} = ${userId})::int`,
    })
    .from(bookingMessages)
    .innerJoin(bookings, eq(bookings.id, bookingMessages.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        isNull(bookingMessages.readAt),
        ne(bookingMessages.senderId, userId),
        sql`(${bookings.guestId} = ${userId} or ${properties.hostId} = ${userId})`,
      ),
    );
  return { asGuest: row?.asGuest ?? 0, asHost: row?.asHost ?? 0 };
}

/** Where and in which language to tell someone about a new message. */
export async function recipientOf(
  db: Database,
  userId: string,
): Promise<{ email: string; language: Language; firstName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, language: users.language, firstName: profiles.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { email: row.email, language: row.language, firstName: row.firstName ?? '' } : undefined;
}
