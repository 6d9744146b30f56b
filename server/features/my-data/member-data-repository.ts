/**
 * The reads of a member's data export (docs/decisions/050-your-data.md). Over 300 lines on purpose:
 * one function reads every table that holds something of the member, so what an export contains is
 * listed in one place, next to the rule that decides it.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  bookingMessages,
  bookings,
  contactMessages,
  conversations,
  guestReviews,
  ledgerEntries,
  ledgerTransactions,
  moveInReportPhotos,
  moveInReports,
  newsletterSubscriptions,
  payoutMethods,
  payouts,
  profiles,
  properties,
  propertyPhotos,
  recommendations,
  reviews,
  savedListings,
  savedSearches,
  securityEvents,
  stayChanges,
  users,
} from '../../db/schema.ts';
import { noticesOfMember } from '../../notices/notices-repository.ts';
import { memberAgreements } from './agreement-data-repository.ts';

/**
 * Everything the platform holds about one member, read for their data export (docs/decisions/
 * 050-your-data.md). Rule: only rows that are theirs, or that are about them; another person
 * appears by their id and role in the member's stays and conversations, never by name or contact.
 */
export async function readMemberData(db: Database, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      language: users.language,
      emailConfirmedAt: users.emailConfirmedAt,
      termsAcceptedAt: users.termsAcceptedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));

  const listings = await db.select().from(properties).where(eq(properties.hostId, userId)).orderBy(asc(properties.id));
  const listingIds = listings.map((listing) => listing.id);
  const photos = listingIds.length
    ? await db.select().from(propertyPhotos).where(inArray(propertyPhotos.propertyId, listingIds)).orderBy(asc(propertyPhotos.id))
    : [];

  const bookingColumns = {
    id: bookings.id,
    propertyId: bookings.propertyId,
    listingTitle: properties.titleEn,
    checkIn: bookings.checkIn,
    checkOut: bookings.checkOut,
    rooms: bookings.rooms,
    guests: bookings.guests,
    childAges: bookings.childAges,
    status: bookings.status,
    leaseOption: bookings.leaseOption,
    subtotal: bookings.subtotal,
    serviceFee: bookings.serviceFee,
    total: bookings.total,
    quote: bookings.quote,
    cancellationPolicy: bookings.cancellationPolicy,
    paymentMethod: bookings.paymentMethod,
    paymentStatus: bookings.paymentStatus,
    refunded: bookings.refunded,
    receiptNumber: bookings.receiptNumber,
    createdAt: bookings.createdAt,
    decidedAt: bookings.decidedAt,
  };
  const asGuest = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.guestId, userId))
    .orderBy(asc(bookings.checkIn));
  const asHost = await db
    .select({ ...bookingColumns, guestId: bookings.guestId })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(properties.hostId, userId))
    .orderBy(asc(bookings.checkIn));

  const guestBookingIds = asGuest.map((booking) => booking.id);
  // Their long stays' agreements (decision 055).
  const stayAgreements = await memberAgreements(db, userId, [...guestBookingIds, ...asHost.map((booking) => booking.id)]);
  // Proposals to change those stays, from either side (decision 058): who proposed as "me" or the other side.
  const stayBookingIds = [...guestBookingIds, ...asHost.map((booking) => booking.id)];
  const changes = stayBookingIds.length
    ? await db
        .select({
          id: stayChanges.id,
          bookingId: stayChanges.bookingId,
          proposedBy: stayChanges.proposedBy,
          role: stayChanges.role,
          status: stayChanges.status,
          checkIn: stayChanges.checkIn,
          checkOut: stayChanges.checkOut,
          guests: stayChanges.guests,
          childAges: stayChanges.childAges,
          difference: stayChanges.difference,
          expiresAt: stayChanges.expiresAt,
          answeredAt: stayChanges.answeredAt,
          createdAt: stayChanges.createdAt,
        })
        .from(stayChanges)
        .where(inArray(stayChanges.bookingId, stayBookingIds))
        .orderBy(asc(stayChanges.createdAt))
    : [];
  const ledger = await db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      bookingId: ledgerTransactions.bookingId,
      createdAt: ledgerTransactions.createdAt,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      guestBookingIds.length
        ? or(eq(ledgerTransactions.hostId, userId), inArray(ledgerTransactions.bookingId, guestBookingIds))
        : eq(ledgerTransactions.hostId, userId),
    )
    .orderBy(asc(ledgerTransactions.id), asc(ledgerEntries.id));
  const payoutsReceived = await db
    .select({ id: payouts.id, amount: payouts.amount, reference: payouts.reference, createdAt: payouts.createdAt })
    .from(payouts)
    .where(eq(payouts.hostId, userId));
  // The bank account payouts go to (decision 057).
  const [payoutMethod] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));

  // Conversations the member is part of: as the guest, or as the host of the listing.
  const threads = await db
    .select({
      id: conversations.id,
      propertyId: conversations.propertyId,
      guestId: conversations.guestId,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .where(or(eq(conversations.guestId, userId), eq(properties.hostId, userId)));
  const threadIds = threads.map((thread) => thread.id);
  const messages = threadIds.length
    ? await db
        .select({
          conversationId: bookingMessages.conversationId,
          bookingId: bookingMessages.bookingId,
          senderId: bookingMessages.senderId,
          body: bookingMessages.body,
          createdAt: bookingMessages.createdAt,
          readAt: bookingMessages.readAt,
        })
        .from(bookingMessages)
        .where(inArray(bookingMessages.conversationId, threadIds))
        .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id))
    : [];

  const reviewColumns = {
    id: reviews.id,
    bookingId: reviews.bookingId,
    propertyId: reviews.propertyId,
    rating: reviews.rating,
    cleanliness: reviews.cleanliness,
    accuracy: reviews.accuracy,
    communication: reviews.communication,
    location: reviews.location,
    value: reviews.value,
    body: reviews.body,
    language: reviews.language,
    createdAt: reviews.createdAt,
    replyBody: reviews.replyBody,
    repliedAt: reviews.repliedAt,
  };
  const reviewsWritten = await db.select(reviewColumns).from(reviews).where(eq(reviews.authorId, userId));
  const reviewsOfMyListings = listingIds.length
    ? await db.select(reviewColumns).from(reviews).where(inArray(reviews.propertyId, listingIds))
    : [];
  const guestReviewColumns = {
    id: guestReviews.id,
    bookingId: guestReviews.bookingId,
    rating: guestReviews.rating,
    body: guestReviews.body,
    language: guestReviews.language,
    createdAt: guestReviews.createdAt,
  };
  const guestReviewsWritten = await db.select(guestReviewColumns).from(guestReviews).where(eq(guestReviews.authorId, userId));
  const guestReviewsOfMe = await db.select(guestReviewColumns).from(guestReviews).where(eq(guestReviews.guestId, userId));

  const searches = await db
    .select({
      name: savedSearches.name,
      query: savedSearches.query,
      frequency: savedSearches.frequency,
      language: savedSearches.language,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(savedSearches.id);
  const saved = await db
    .select({ propertyId: savedListings.propertyId, title: properties.titleEn, savedAt: savedListings.createdAt })
    .from(savedListings)
    .innerJoin(properties, eq(properties.id, savedListings.propertyId))
    .where(eq(savedListings.userId, userId));
  const recommendationColumns = {
    id: recommendations.id,
    text: recommendations.recommendationText,
    rating: recommendations.rating,
    relationshipContext: recommendations.relationshipContext,
    createdAt: recommendations.createdAt,
  };
  const recommendationsReceived = await db
    .select(recommendationColumns)
    .from(recommendations)
    .where(eq(recommendations.recommendedUserId, userId));
  const recommendationsWritten = await db
    .select(recommendationColumns)
    .from(recommendations)
    .where(eq(recommendations.recommenderUserId, userId));
  const signIns = await db
    .select({
      eventType: securityEvents.eventType,
      description: securityEvents.description,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(asc(securityEvents.createdAt));
  const contact = await db
    .select({
      subject: contactMessages.subject,
      category: contactMessages.category,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId));
  const newsletter = account
    ? await db
        .select({
          email: newsletterSubscriptions.email,
          language: newsletterSubscriptions.language,
          confirmedAt: newsletterSubscriptions.confirmedAt,
        })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, account.email))
    : [];

  // Move-in reports (decision 056): the ones they made as guest, with their photos, and those about their stays as host.
  const reportColumns = {
    id: moveInReports.id,
    bookingId: moveInReports.bookingId,
    reason: moveInReports.reason,
    description: moveInReports.description,
    status: moveInReports.status,
    hostAnswer: moveInReports.hostAnswer,
    answeredAt: moveInReports.answeredAt,
    decision: moveInReports.decision,
    refundAmount: moveInReports.refundAmount,
    decidedAt: moveInReports.decidedAt,
    createdAt: moveInReports.createdAt,
  };
  const reportsMade = await db.select(reportColumns).from(moveInReports).where(eq(moveInReports.guestId, userId));
  const reportsAboutMyStays = listingIds.length
    ? await db
        .select(reportColumns)
        .from(moveInReports)
        .innerJoin(bookings, eq(bookings.id, moveInReports.bookingId))
        .where(inArray(bookings.propertyId, listingIds))
    : [];
  const reportPhotos = reportsMade.length
    ? await db
        .select({ id: moveInReportPhotos.id, reportId: moveInReportPhotos.reportId, storageKey: moveInReportPhotos.storageKey })
        .from(moveInReportPhotos)
        .where(
          inArray(
            moveInReportPhotos.reportId,
            reportsMade.map((report) => report.id),
          ),
        )
    : [];

  // The listing's secret offset from its pin (decision 019) is the platform's, not the member's.
  const ownListings = listings.map(
    ({ areaBearing: _bearing, areaDistance: _distance, areaLatitude: _lat, areaLongitude: _lng, ...listing }) => listing,
  );
  const { idDocumentKey, profileImageKey, ...profileFields } = profile ?? { idDocumentKey: null, profileImageKey: null };

  return {
    data: {
      account: account ?? null,
      profile: profile ? { ...profileFields, hasProfilePhoto: Boolean(profileImageKey), hasIdDocument: Boolean(idDocumentKey) } : null,
      listings: ownListings,
      bookingsAsGuest: asGuest,
      bookingsAsHost: asHost,
      stayAgreements,
      stayChanges: changes.map(({ proposedBy, ...change }) => ({ ...change, proposedBy: proposedBy === userId ? 'me' : 'other' })),
      payments: {
        receipts: [...asGuest, ...asHost]
          .filter((booking) => booking.receiptNumber !== null)
          .map((booking) => ({
            receiptNumber: booking.receiptNumber,
            bookingId: booking.id,
            total: booking.total,
            serviceFee: booking.serviceFee,
          })),
        ledger,
        payouts: payoutsReceived,
        payoutMethod: payoutMethod ?? null,
      },
      messages: threads.map((thread) => ({
        ...thread,
        role: thread.guestId === userId ? 'guest' : 'host',
        messages: messages
          .filter((message) => message.conversationId === thread.id)
          .map(({ senderId, ...message }) => ({ ...message, from: senderId === userId ? 'me' : 'other' })),
      })),
      reviews: {
        given: { ofStays: reviewsWritten, ofGuests: guestReviewsWritten },
        received: { ofMyListings: reviewsOfMyListings, asGuest: guestReviewsOfMe },
      },
      moveInReports: { made: reportsMade, aboutMyStays: reportsAboutMyStays },
      savedListings: saved,
      // Searches saved with their alerts (decision 048).
      savedSearches: searches,
      recommendations: { received: recommendationsReceived, written: recommendationsWritten },
      securityEvents: signIns,
      // Their in-app notices as stored: the kind, the path, the values of the text, when made and read (decision 063).
      notices: await noticesOfMember(db, userId),
      contactMessages: contact,
      newsletter,
    },
    files: [
      ...(profileImageKey ? [{ key: profileImageKey, name: `profile-photo.${profileImageKey.split('.').pop()}` }] : []),
      ...(idDocumentKey ? [{ key: idDocumentKey, name: `id-document.${idDocumentKey.split('.').pop()}` }] : []),
      ...photos.map((photo) => ({
        key: photo.storageKey,
        name: `listing-photos/${photo.propertyId}/${photo.position}-${photo.id}.${photo.storageKey.split('.').pop()}`,
      })),
      ...reportPhotos.map((photo) => ({ key: photo.storageKey, name: `move-in-reports/${photo.reportId}/${photo.id}.webp` })),
    ],
  };
}

export type MemberData = Awaited<ReturnType<typeof readMemberData>>;

/** The member's address, language and first name, for the mail telling them the archive is ready. */
export async function memberMailDetails(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, language: users.language, firstName: profiles.firstName, closedAt: users.closedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId)));
  return row ?? null;
}
