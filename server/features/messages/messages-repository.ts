import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { MaskKind } from '../../../core/contact-masking.ts';
import type { Language } from '../../../core/languages.ts';
import type { BookingMessage, ConversationSummary, UnreadMessageCounts } from '../../../core/contracts/messages.ts';
import type { Database } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { bookingMessages, bookings, conversations, profiles, properties, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { alias } from 'drizzle-orm/pg-core';

// Messages live in conversations: one per guest and listing (docs/decisions/020-conversations.md).
// A guest may open one before any request (Contact host); every booking of that guest at that
// listing continues it, so a booking's thread is its guest and listing's conversation.

export interface ThreadParties {
  conversationId: string;
  propertyId: number;
  guestId: string;
  hostId: string;
  titleEn: string;
  titleHe: string;
  /** The booking the thread was opened from, for the mail's link; null for an inquiry. */
  bookingId: string | null;
  /** The host's account is suspended: nobody may write to them (their listings are down too). */
  hostSuspended: boolean;
}

const hostAccount = alias(users, 'host_account');

const partiesColumns = {
  conversationId: conversations.id,
  propertyId: conversations.propertyId,
  guestId: conversations.guestId,
  hostId: properties.hostId,
  titleEn: properties.titleEn,
  titleHe: properties.titleHe,
  hostSuspended: sql<boolean>`${hostAccount.status} = 'suspended'`,
};

/**
 * The conversation a booking's messages belong to, opened if the guest and host never wrote before,
 * if `userId` is the booking's guest or host. Anyone else is told the booking does not exist, so a
 * thread cannot even be probed for.
 */
export async function threadOfBooking(db: Database, bookingId: string, userId: string): Promise<ThreadParties> {
  const [booking] = await db
    .select({ propertyId: bookings.propertyId, guestId: bookings.guestId, hostId: properties.hostId })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId));
  if (!booking || (booking.guestId !== userId && booking.hostId !== userId)) {
    throw new HttpError(404, 'booking_not_found', 'No such booking');
  }
  const conversationId = await openConversation(db, booking.propertyId, booking.guestId);
  const parties = await conversationParties(db, conversationId);
  return { ...parties!, bookingId };
}

/** The conversation's guest and host, if `userId` is one of them; anyone else gets 404. */
export async function threadOfConversation(db: Database, conversationId: string, userId: string): Promise<ThreadParties> {
  const parties = await conversationParties(db, conversationId);
  if (!parties || (parties.guestId !== userId && parties.hostId !== userId)) {
    throw new HttpError(404, 'conversation_not_found', 'No such conversation');
  }
  return parties;
}

async function conversationParties(db: Database, conversationId: string): Promise<ThreadParties | undefined> {
  const [row] = await db
    .select(partiesColumns)
    .from(conversations)
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .innerJoin(hostAccount, eq(hostAccount.id, properties.hostId))
    .where(eq(conversations.id, conversationId));
  return row ? { ...row, bookingId: null } : undefined;
}

/** The guest's conversation about the listing, opened if there is none yet (one per guest and listing, however many race). */
async function openConversation(db: Database, propertyId: number, guestId: string): Promise<string> {
  const [created] = await db
    .insert(conversations)
    .values({ propertyId, guestId })
    .onConflictDoNothing({ target: [conversations.propertyId, conversations.guestId] })
    .returning({ id: conversations.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.propertyId, propertyId), eq(conversations.guestId, guestId)));
  return existing!.id;
}

/** The guest's conversation about a listing, if they ever wrote or booked there. */
export async function guestConversationId(db: Database, propertyId: number, guestId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.propertyId, propertyId), eq(conversations.guestId, guestId)));
  return row?.id ?? null;
}

/**
 * Where a guest's question about a listing goes: the listing must be published and not theirs.
 * Returns the conversation (opened now or earlier) and whether it is new, which is what the
 * per-day limit on inquiries counts.
 */
export async function inquiryThread(db: Database, propertyId: number, guestId: string): Promise<{ thread: ThreadParties; isNew: boolean }> {
  const [listing] = await db
    .select({ hostId: properties.hostId })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.status, 'approved')));
  if (!listing) throw new HttpError(404, 'listing_not_found', 'This listing does not exist');
  if (listing.hostId === guestId) throw new HttpError(403, 'own_listing', 'You cannot write to yourself about your own listing');
  const existing = await guestConversationId(db, propertyId, guestId);
  const conversationId = existing ?? (await openConversation(db, propertyId, guestId));
  return { thread: (await conversationParties(db, conversationId))!, isNew: existing === null };
}

/**
 * Marks the other side's messages in the conversation read by `viewerId`. Only POST routes call it:
 * a GET can be made by any site the user visits (a link, an image), and must not change anything.
 */
export async function markThreadRead(db: Database, conversationId: string, viewerId: string, now = new Date()) {
  await db
    .update(bookingMessages)
    .set({ readAt: now })
    .where(and(eq(bookingMessages.conversationId, conversationId), ne(bookingMessages.senderId, viewerId), isNull(bookingMessages.readAt)));
}

/** The whole conversation, oldest first, as `viewerId` sees it (reading it marks nothing). */
export async function threadMessages(db: Database, conversationId: string, viewerId: string): Promise<BookingMessage[]> {
  const rows = await db
    .select({
      id: bookingMessages.id,
      body: bookingMessages.body,
      senderId: bookingMessages.senderId,
      senderFirstName: profiles.firstName,
      createdAt: bookingMessages.createdAt,
      readAt: bookingMessages.readAt,
      maskedKinds: bookingMessages.maskedKinds,
    })
    .from(bookingMessages)
    .leftJoin(profiles, eq(profiles.userId, bookingMessages.senderId))
    .where(eq(bookingMessages.conversationId, conversationId))
    .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id));
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    mine: row.senderId === viewerId,
    senderFirstName: row.senderFirstName ?? '',
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    maskedKinds: row.maskedKinds as MaskKind[],
  }));
}

/**
 * Whether the guest has a stay at the listing that is confirmed (or completed since): from then on
 * messages pass unmasked (decision 049). A request, or a stay cancelled, does not count.
 */
export async function stayConfirmed(db: Database, thread: Pick<ThreadParties, 'propertyId' | 'guestId'>): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, thread.propertyId),
        eq(bookings.guestId, thread.guestId),
        inArray(bookings.status, ['confirmed', 'completed']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Adds a message. Returns it with whether the recipient already had unread messages from this
 * sender in the conversation: they are only e-mailed about the first, not about every line of a chat.
 * (The conversation's last_message_at follows in a trigger, drizzle/0024.)
 */
export async function postMessage(
  db: Database,
  thread: ThreadParties,
  senderId: string,
  body: string,
  maskedKinds: readonly MaskKind[] = [],
) {
  const [waiting] = await db
    .select({ n: count() })
    .from(bookingMessages)
    .where(
      and(
        eq(bookingMessages.conversationId, thread.conversationId),
        eq(bookingMessages.senderId, senderId),
        isNull(bookingMessages.readAt),
      ),
    );
  const [row] = await db
    .insert(bookingMessages)
    .values({ conversationId: thread.conversationId, bookingId: thread.bookingId, senderId, body, maskedKinds: [...maskedKinds] })
    .returning();
  // The host's response figures count inquiries and answers by message (server/db/host-figures.ts):
  // a guest's question starts the 24 hours, a host's message may answer it or a request.
  if (senderId === thread.hostId || thread.bookingId === null) {
    await db.transaction((tx) => refreshHostFigures(tx, [thread.hostId]));
  }
  const [sender] = await db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, senderId));
  const message: BookingMessage = {
    id: row!.id,
    body: row!.body,
    mine: true,
    senderFirstName: sender?.firstName ?? '',
    createdAt: row!.createdAt.toISOString(),
    readAt: null,
    maskedKinds: [...maskedKinds],
  };
  return { message, recipientAlreadyNotified: (waiting?.n ?? 0) > 0 };
}

/** Unread messages addressed to the user, about their own stays and questions and at their listings. */
export async function unreadMessageCounts(db: Database, userId: string): Promise<UnreadMessageCounts> {
  const [row] = await db
    .select({
      asGuest: sql<number>`count(*) filter (where ${conversations.guestId} = ${userId})::int`,
      asHost: sql<number>`count(*) filter (where ${properties.hostId} = ${userId})::int`,
    })
    .from(bookingMessages)
    .innerJoin(conversations, eq(conversations.id, bookingMessages.conversationId))
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .where(
      and(
        isNull(bookingMessages.readAt),
        ne(bookingMessages.senderId, userId),
        sql`(${conversations.guestId} = ${userId} or ${properties.hostId} = ${userId})`,
      ),
    );
  return { asGuest: row?.asGuest ?? 0, asHost: row?.asHost ?? 0 };
}

/**
 * The user's conversations with at least one message, newest first (the latest 100): about places
 * they asked about or booked (`guest`), or at their listings (`host`).
 */
export async function listConversations(
  db: Database,
  userId: string,
  as: 'guest' | 'host',
  language: Language,
): Promise<ConversationSummary[]> {
  const guestProfile = alias(profiles, 'guest_profile');
  const hostProfile = alias(profiles, 'host_profile');
  const rows = await db
    .select({
      id: conversations.id,
      propertyId: conversations.propertyId,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      guestFirstName: guestProfile.firstName,
      hostFirstName: hostProfile.firstName,
      lastMessageAt: conversations.lastMessageAt,
      lastMessage: sql<string>`(select m.body from booking_messages m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`,
      unreadMessages: sql<number>`(select count(*)::int from booking_messages m where m.conversation_id = ${conversations.id} and m.sender_id <> ${userId} and m.read_at is null)`,
      bookingId: sql<
        string | null
      >`(select b.id from bookings b where b.property_id = ${conversations.propertyId} and b.guest_id = ${conversations.guestId} order by b.created_at desc limit 1)`,
    })
    .from(conversations)
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .leftJoin(guestProfile, eq(guestProfile.userId, conversations.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .where(and(as === 'guest' ? eq(conversations.guestId, userId) : eq(properties.hostId, userId), isNotNull(conversations.lastMessageAt)))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.propertyId,
    propertyTitle: language === 'he' ? row.titleHe : row.titleEn,
    guestFirstName: row.guestFirstName ?? '',
    hostFirstName: row.hostFirstName ?? '',
    lastMessage: row.lastMessage ?? '',
    lastMessageAt: row.lastMessageAt!.toISOString(),
    unreadMessages: row.unreadMessages,
    bookingId: row.bookingId,
  }));
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
