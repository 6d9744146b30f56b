import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyArrivalInfo } from '../../core/arrival-info.ts';
import { reportReasons } from '../../core/constants.ts';
import { createBooking, createProperty, createPropertyPhoto, createReview, createUser, daysFromNow } from '../seed/factories.ts';
import { eq } from 'drizzle-orm';
import { calendarFeeds, dataExports, moveInReports, notices } from '../db/schema.ts';
import { notify } from '../notices/notify.ts';
import sharp from 'sharp';
import { createTestContext, injectAs, writeHeaders, type TestContext } from './test-app.ts';

/**
 * Who may call what: every route the API serves, for five callers, with realistic ids (the
 * resources belong to `guest` and `host`). A new route fails the first test until it has a row.
 */

type Caller = 'anonymous' | 'guest' | 'host' | 'otherHost' | 'admin';

/**
 * 'ok' means the request got past authorization: 2xx, or a validation / state answer (400, 409,
 * 413, 415, 422). 401, 403 and 404 are refusals and must match exactly.
 */
type Outcome = 'ok' | 401 | 403 | 404;
type Outcomes = Record<Caller, Outcome>;

interface Case {
  url: string;
  payload?: unknown;
  contentType?: string;
  expect: Outcomes;
  /** Ends or changes the caller's session or role: runs after every other case, on a fresh session. */
  last?: boolean;
  note?: string;
}

const all = (outcome: Outcome): Outcomes => ({ anonymous: outcome, guest: outcome, host: outcome, otherHost: outcome, admin: outcome });
const publicRoute = all('ok');
const members: Outcomes = { ...all('ok'), anonymous: 401 };
// Prelaunch (the default launch mode): browsing is for members only.
const browsing = members;
const adminOnly: Outcomes = { anonymous: 401, guest: 403, host: 403, otherHost: 403, admin: 'ok' };
// A booking's guest and host, nobody else; admins do not read private threads either.
const bookingParties: Outcomes = { anonymous: 401, guest: 'ok', host: 'ok', otherHost: 404, admin: 404 };
const listingOwner: Outcomes = { anonymous: 401, guest: 404, host: 'ok', otherHost: 404, admin: 404 };
// A saved search is its member's alone (the guest's here).
const searchOwner: Outcomes = { anonymous: 401, guest: 'ok', host: 404, otherHost: 404, admin: 404 };
// So is a notice (decision 063): anyone else's answer is the same as for an id that does not exist.
const noticeOwner: Outcomes = { anonymous: 401, guest: 'ok', host: 404, otherHost: 404, admin: 404 };

// A PNG signature and nothing else: enough to pass the content-type parser, not the image check.
const notAnImage = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

function allowed(status: number) {
  return (status >= 200 && status < 400) || [400, 409, 413, 415, 422].includes(status);
}

describe('authorization of every route', () => {
  let t: TestContext;
  const cookies = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const emails = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  let table: Record<string, Case | Case[]>;
  // Sign-in is rate limited per IP: each sign-in comes from its own address.
  let address = 0;

  async function signInFrom(app: FastifyInstance, email: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email, password: 'Passw0rd!' },
      remoteAddress: `10.0.0.${++address}`,
    });
    const cookie = response.cookies.find((c) => c.name === 'lina_session');
    if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return `${cookie.name}=${cookie.value}`;
  }

  beforeAll(async () => {
    t = await createTestContext();
    const guest = await createUser(t.db, { firstName: 'Gil' });
    const host = await createUser(t.db, { role: 'host', firstName: 'Hila', profile: { idVerificationStatus: 'verified' } });
    const otherHost = await createUser(t.db, { role: 'host', firstName: 'Omer' });
    const admin = await createUser(t.db, { role: 'admin', firstName: 'Ada' });
    // The admin's user actions (suspend, role change, verification) land on a bystander.
    const bystander = await createUser(t.db, { firstName: 'Bea' });
    Object.assign(emails, { guest: guest.email, host: host.email, otherHost: otherHost.email, admin: admin.email });
    for (const caller of ['guest', 'host', 'otherHost', 'admin'] as const) cookies[caller] = await signInFrom(t.app, emails[caller]);

    const listing = await createProperty(t.db, { hostId: host.id });
    const draft = await createProperty(t.db, { hostId: host.id, status: 'draft', publishedAt: null });
    const draftPhoto = await createPropertyPhoto(t.db, { propertyId: draft.id });
    await createProperty(t.db, { hostId: otherHost.id });
    const submitted = await createProperty(t.db, { hostId: otherHost.id, status: 'submitted', publishedAt: null });
    const booking = await createBooking(t.db, { propertyId: listing.id, guestId: guest.id });
    const pending = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'pending',
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(62),
    });
    const completed = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'completed',
      checkIn: daysFromNow(-4),
      checkOut: daysFromNow(-2),
    });
    const publishedReview = await createReview(t.db, { propertyId: listing.id });
    // A stay of 28 nights or more has an agreement (decision 055).
    const longStay = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(150),
      checkOut: daysFromNow(190),
    });
    // A confirmed stay with a change its guest proposed (decision 058): answered by the host, withdrawn by the guest.
    const changing = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(120),
      checkOut: daysFromNow(122),
    });

    const setUp = async (cookie: string, options: InjectOptions) => {
      const response = await injectAs(t.app, cookie, options);
      if (response.statusCode >= 300) throw new Error(`fixture ${options.method} ${options.url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    await setUp(cookies.guest, {
      method: 'POST',
      url: '/api/profile/id-document',
      payload: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    const stayChange = await setUp(cookies.guest, {
      method: 'POST',
      url: `/api/bookings/${changing.id}/changes`,
      payload: { checkIn: changing.checkIn, checkOut: daysFromNow(123), guests: 1 },
    });
    const report = await setUp(cookies.guest, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'property', propertyId: listing.id, reason: reportReasons[0] },
    });
    const { conversationId } = (await setUp(cookies.guest, {
      method: 'POST',
      url: '/api/conversations',
      payload: { propertyId: listing.id, body: 'Is the street quiet at night?' },
    })) as { conversationId: string };
    const calendar = await setUp(cookies.host, {
      method: 'POST',
      url: `/api/host/listings/${listing.id}/blocks`,
      payload: { startDate: daysFromNow(100), endDate: daysFromNow(102) },
    });
    const savedSearch = (id: string) =>
      setUp(cookies.guest, {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: id, query: 'type=sublets&text=balcony', frequency: 'daily' },
      }) as Promise<{
        id: number;
      }>;
    const [renamedSearch, deletedSearch] = [await savedSearch('rename me'), await savedSearch('delete me')];
    const blockId = (calendar as { blocks: { id: number }[] }).blocks[0]!.id;
    const priceRules = await setUp(cookies.host, {
      method: 'POST',
      url: `/api/host/listings/${listing.id}/price-rules`,
      payload: { startDate: daysFromNow(100), endDate: daysFromNow(102), adjustPercent: 20 },
    });
    const ruleId = (priceRules as { rules: { id: number }[] }).rules[0]!.id;
    // Calendar sync: the export's token, and two imported calendars (one to sync, one to remove).
    const exportPath = new URL(
      ((await setUp(cookies.host, { method: 'GET', url: `/api/host/listings/${listing.id}/calendar-sync` })) as { exportUrl: string })
        .exportUrl,
    ).pathname;
    for (const name of ['sync', 'remove']) {
      await setUp(cookies.host, {
        method: 'POST',
        url: `/api/host/listings/${listing.id}/calendar-feeds`,
        // Nothing listens on port 1: a sync ends at once, unreachable.
        payload: { name, url: `http://127.0.0.1:1/${name}.ics` },
      });
    }
    // The first sync ran when each was added; "sync now" is open again (it waits a minute otherwise).
    await t.db.update(calendarFeeds).set({ lastAttemptAt: null });
    const feedIds = (
      (await setUp(cookies.host, { method: 'GET', url: `/api/host/listings/${listing.id}/calendar-sync` })) as { feeds: { id: number }[] }
    ).feeds.map((feed) => feed.id);
    await t.storage.put('public/test/authz.png', notAnImage, 'image/png');
    // The guest's built data archive (the export job's output), private to them.
    await t.storage.put(`private/data-exports/${guest.id}/authz.zip`, Buffer.from('PK'), 'application/zip');
    // A notice of the guest's (decision 063): only they read it or mark it read.
    await notify(t.db, { userId: guest.id, kind: 'booking_confirmed', bookingId: booking.id, link: '/my-bookings' });
    const [guestNotice] = await t.db.select({ id: notices.id }).from(notices).where(eq(notices.userId, guest.id));
    const [guestExport] = await t.db
      .insert(dataExports)
      .values({
        userId: guest.id,
        status: 'ready',
        storageKey: `private/data-exports/${guest.id}/authz.zip`,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const blogSlug = ((await setUp(cookies.admin, { method: 'GET', url: '/api/blog' })) as { posts: { slug: string }[] }).posts[0]!.slug;
    const helpSlug = (
      (await setUp(cookies.admin, { method: 'GET', url: '/api/help' })) as { categories: { articles: { slug: string }[] }[] }
    ).categories[0]!.articles[0]!.slug;

    // Move-in protection (decision 056): an open report on the guest's stay, with one photo.
    const [moveIn] = await t.db
      .insert(moveInReports)
      .values({ bookingId: booking.id, guestId: guest.id, reason: 'not_as_described', description: 'No balcony at all.' })
      .returning({ id: moveInReports.id });
    const movePhoto = (await setUp(cookies.guest, {
      method: 'POST',
      url: `/api/move-in-reports/${moveIn!.id}/photos`,
      payload: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
      headers: { 'content-type': 'image/png' },
    })) as { photos: { id: string }[] };
    table = {
      'GET /api/health': { url: '/api/health', expect: publicRoute },
      'GET /api/ready': { url: '/api/ready', expect: publicRoute },
      'GET /api/session': { url: '/api/session', expect: publicRoute },
      'POST /api/auth/sign-in': { url: '/api/auth/sign-in', payload: {}, expect: publicRoute },
      'POST /api/auth/sign-out': { url: '/api/auth/sign-out', expect: publicRoute, last: true },
      'POST /api/auth/sign-up': { url: '/api/auth/sign-up', payload: {}, expect: publicRoute },
      'GET /api/auth/confirm-email': { url: '/api/auth/confirm-email?token=not-a-token', expect: publicRoute },
      'POST /api/auth/password-reset': { url: '/api/auth/password-reset', payload: {}, expect: publicRoute },
      'POST /api/auth/password-reset/complete': { url: '/api/auth/password-reset/complete', payload: {}, expect: publicRoute },
      'POST /api/auth/password-reset/check': { url: '/api/auth/password-reset/check', payload: {}, expect: publicRoute },
      'POST /api/auth/sign-out-everywhere': { url: '/api/auth/sign-out-everywhere', expect: members, last: true },
      // The second factor and passkeys (decision 051). Pending setups only: nobody here gets a second
      // factor, so the 'last' cases still sign in with the password alone.
      'GET /api/auth/two-factor': { url: '/api/auth/two-factor', expect: members },
      'POST /api/auth/two-factor/totp/setup': { url: '/api/auth/two-factor/totp/setup', expect: members },
      'POST /api/auth/two-factor/totp/confirm': { url: '/api/auth/two-factor/totp/confirm', payload: { code: '000000' }, expect: members },
      'POST /api/auth/two-factor/totp/disable': {
        url: '/api/auth/two-factor/totp/disable',
        payload: { password: 'wrong', code: '000000' },
        expect: members,
      },
      'POST /api/auth/two-factor/recovery-codes': {
        url: '/api/auth/two-factor/recovery-codes',
        payload: { password: 'wrong', code: '000000' },
        expect: members,
      },
      'POST /api/auth/sign-in/second-factor': { url: '/api/auth/sign-in/second-factor', payload: {}, expect: publicRoute },
      'POST /api/auth/sign-in/second-factor/passkey-options': {
        url: '/api/auth/sign-in/second-factor/passkey-options',
        payload: {},
        expect: publicRoute,
      },
      'POST /api/auth/sign-in/second-factor/passkey': { url: '/api/auth/sign-in/second-factor/passkey', payload: {}, expect: publicRoute },
      'POST /api/auth/passkeys/registration-options': { url: '/api/auth/passkeys/registration-options', expect: members },
      'POST /api/auth/passkeys': {
        url: '/api/auth/passkeys',
        payload: {
          token: 'not-a-live-step-token',
          name: 'Key',
          credential: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } },
        },
        expect: members,
      },
      // Only one's own passkeys: an id that is not the caller's is not found.
      'PATCH /api/auth/passkeys/{id}': {
        url: '/api/auth/passkeys/00000000-0000-4000-8000-000000000000',
        payload: { name: 'Key' },
        expect: { ...all(404), anonymous: 401 },
      },
      'DELETE /api/auth/passkeys/{id}': {
        url: '/api/auth/passkeys/00000000-0000-4000-8000-000000000000',
        expect: { ...all(404), anonymous: 401 },
      },
      'POST /api/auth/passkeys/sign-in-options': { url: '/api/auth/passkeys/sign-in-options', expect: publicRoute },
      'POST /api/auth/passkeys/sign-in': { url: '/api/auth/passkeys/sign-in', payload: {}, expect: publicRoute },
      'GET /api/dev/mailbox': { url: '/api/dev/mailbox', expect: publicRoute, note: 'registered only outside production' },
      'GET /api/settings/public': { url: '/api/settings/public', expect: publicRoute },
      'GET /api/search': { url: '/api/search', expect: browsing },
      'GET /api/search/interpret': { url: '/api/search/interpret?q=hotel%20in%20Eilat', expect: browsing },
      'GET /api/places/suggest': { url: '/api/places/suggest?q=Tel', expect: browsing },
      'GET /api/map/base': { url: '/api/map/base?lang=he', expect: browsing },
      'GET /api/map/land': { url: '/api/map/land', expect: publicRoute },
      'GET /api/listings/featured': { url: '/api/listings/featured', expect: browsing },
      'POST /api/bookings': {
        url: '/api/bookings',
        payload: { propertyId: listing.id, checkIn: daysFromNow(200), checkOut: daysFromNow(202) },
        expect: { ...members, host: 403 },
        note: 'a host cannot book their own listing',
      },
      'GET /api/bookings': { url: '/api/bookings', expect: members },
      'GET /api/host/bookings': { url: '/api/host/bookings', expect: members },
      'POST /api/bookings/{id}/{action}': [
        { url: `/api/bookings/${pending.id}/cancel`, expect: bookingParties },
        { url: `/api/bookings/${booking.id}/accept`, expect: { ...bookingParties, guest: 403 }, note: 'only the host answers' },
      ],
      'GET /api/bookings/{id}/cancellation': { url: `/api/bookings/${booking.id}/cancellation`, expect: bookingParties },
      'POST /api/bookings/periods/{id}/pay': {
        url: '/api/bookings/periods/00000000-0000-4000-8000-000000000000/pay',
        expect: { ...all(404), anonymous: 401 },
        note: "a long stay's period: only its guest pays it (long-stay.test.ts)",
      },
      'POST /api/bookings/periods/{id}/received': {
        url: '/api/bookings/periods/00000000-0000-4000-8000-000000000000/received',
        expect: { ...all(404), anonymous: 401 },
        note: 'a direct period: only its host marks it (long-stay.test.ts)',
      },
      'POST /api/bookings/{id}/end-unpaid': {
        url: `/api/bookings/${booking.id}/end-unpaid`,
        expect: { anonymous: 401, guest: 404, host: 'ok', otherHost: 404, admin: 404 },
        note: 'only the host, and only past the grace period (409 here)',
      },
      // Move-in protection (decision 056): the guest reports (409 here: the stay starts in a month), the host answers, admins decide.
      'GET /api/bookings/{id}/move-in-report': {
        url: `/api/bookings/${booking.id}/move-in-report`,
        expect: { ...bookingParties, admin: 'ok' },
      },
      'POST /api/bookings/{id}/move-in-report': {
        url: `/api/bookings/${booking.id}/move-in-report`,
        payload: { reason: 'could_not_get_in', description: 'The code on the door does not work.' },
        expect: { ...bookingParties, host: 404 },
        note: 'only the guest; the window is closed, so 409',
      },
      'POST /api/move-in-reports/{id}/photos': {
        url: `/api/move-in-reports/${moveIn!.id}/photos`,
        payload: notAnImage,
        contentType: 'image/png',
        expect: { ...bookingParties, host: 404 },
        note: 'only the guest adds photos',
      },
      'GET /api/move-in-reports/{id}/photos/{photoId}': {
        url: `/api/move-in-reports/${moveIn!.id}/photos/${movePhoto.photos[0]!.id}`,
        expect: { ...bookingParties, admin: 'ok' },
      },
      'POST /api/move-in-reports/{id}/answer': {
        url: `/api/move-in-reports/${moveIn!.id}/answer`,
        payload: { answer: 'The key is with the neighbour.' },
        expect: { ...bookingParties, guest: 404 },
        note: 'only the host answers',
      },
      'GET /api/admin/move-in-reports': { url: '/api/admin/move-in-reports', expect: adminOnly },
      'POST /api/admin/move-in-reports/{id}/decision': {
        url: `/api/admin/move-in-reports/${moveIn!.id}/decision`,
        payload: { decision: 'release' },
        expect: adminOnly,
        last: true,
      },
      'GET /api/bookings/{id}/arrival': [
        {
          url: `/api/bookings/${booking.id}/arrival`,
          expect: { ...bookingParties, admin: 'ok' },
          note: 'a confirmed stay: its guest, host and admins',
        },
        {
          url: `/api/bookings/${pending.id}/arrival`,
          expect: { ...bookingParties, guest: 403, admin: 'ok' },
          note: 'a request: not its guest until confirmed',
        },
      ],
      'GET /api/bookings/{id}/changes': { url: `/api/bookings/${changing.id}/changes`, expect: bookingParties },
      'POST /api/bookings/{id}/changes/quote': {
        url: `/api/bookings/${changing.id}/changes/quote`,
        payload: { checkIn: daysFromNow(120), checkOut: daysFromNow(124), guests: 1 },
        expect: bookingParties,
      },
      'POST /api/bookings/{id}/changes': {
        url: `/api/bookings/${booking.id}/changes`,
        payload: { checkIn: booking.checkIn, checkOut: booking.checkOut, guests: 2 },
        expect: bookingParties,
        note: 'either side proposes; one open proposal per booking (409 for the second)',
      },
      'POST /api/stay-changes/{id}/{answer}': {
        url: `/api/stay-changes/${String(stayChange.id)}/decline`,
        expect: { ...bookingParties, guest: 403 },
        note: 'only the other side answers',
      },
      'POST /api/stay-changes/{id}/withdraw': {
        url: `/api/stay-changes/${String(stayChange.id)}/withdraw`,
        expect: { ...bookingParties, host: 403 },
        note: 'only the side that proposed withdraws',
      },
      'POST /api/payments/stripe/webhook': {
        url: '/api/payments/stripe/webhook',
        payload: {},
        expect: all(404),
        note: 'signed by Stripe, not a session: 404 without card payments, 400 for a bad signature (payments.test.ts)',
      },
      'GET /api/bookings/{id}/messages': { url: `/api/bookings/${booking.id}/messages`, expect: bookingParties },
      'POST /api/bookings/{id}/messages/read': { url: `/api/bookings/${booking.id}/messages/read`, payload: {}, expect: bookingParties },
      'GET /api/bookings/{id}/receipt': {
        url: `/api/bookings/${booking.id}/receipt`,
        expect: { ...bookingParties, admin: 'ok' },
        note: 'receipts are for admins too (finance), unlike private threads',
      },
      'GET /api/bookings/{id}/agreement': {
        url: `/api/bookings/${longStay.id}/agreement`,
        expect: { ...bookingParties, admin: 'ok' },
        note: "a long stay's agreement: its guest, host and admins",
      },
      'POST /api/bookings/{id}/agreement/accept': {
        url: `/api/bookings/${longStay.id}/agreement/accept`,
        payload: { sha256: 'a'.repeat(64) },
        expect: { ...bookingParties, admin: 403 },
        note: 'a stale hash: 409 for the parties; admins see but are no party',
      },
      'POST /api/bookings/{id}/messages': {
        url: `/api/bookings/${booking.id}/messages`,
        payload: { body: 'Hello there' },
        expect: bookingParties,
      },
      'GET /api/messages/unread-count': { url: '/api/messages/unread-count', expect: members },
      // Each member's own notices: the list and the count are the caller's; one notice is its member's alone.
      'GET /api/notices': { url: '/api/notices?lang=he&limit=5', expect: members },
      'GET /api/notices/unread-count': { url: '/api/notices/unread-count', expect: members },
      'POST /api/notices/{id}/read': { url: `/api/notices/${guestNotice!.id}/read`, expect: noticeOwner },
      'POST /api/notices/read-all': { url: '/api/notices/read-all', expect: members },
      'GET /api/properties/{id}/conversation': {
        url: `/api/properties/${listing.id}/conversation`,
        expect: members,
        note: "the caller's own conversation as a guest (none for the others)",
      },
      'POST /api/properties/{id}/conversation/read': {
        url: `/api/properties/${listing.id}/conversation/read`,
        payload: {},
        expect: members,
        note: "marks the caller's own conversation read (none for the others)",
      },
      'POST /api/conversations': {
        url: '/api/conversations',
        payload: { propertyId: listing.id, body: 'Is parking included?' },
        expect: { ...members, host: 403 },
        note: 'a host does not contact themself about their own listing',
      },
      'GET /api/conversations': { url: '/api/conversations?as=host', expect: members },
      'GET /api/conversations/{id}/messages': { url: `/api/conversations/${conversationId}/messages`, expect: bookingParties },
      'POST /api/conversations/{id}/messages/read': {
        url: `/api/conversations/${conversationId}/messages/read`,
        payload: {},
        expect: bookingParties,
      },
      'POST /api/conversations/{id}/messages': {
        url: `/api/conversations/${conversationId}/messages`,
        payload: { body: 'Thanks!' },
        expect: bookingParties,
      },
      'POST /api/bookings/{id}/review': {
        url: `/api/bookings/${completed.id}/review`,
        payload: {
          rating: 5,
          categories: { cleanliness: 5, accuracy: 5, communication: 5, location: 5, value: 5 },
          body: 'A lovely stay, exactly as described.',
        },
        expect: { anonymous: 401, guest: 'ok', host: 404, otherHost: 404, admin: 404 },
      },
      'POST /api/bookings/{id}/guest-review': {
        url: `/api/bookings/${completed.id}/guest-review`,
        payload: { rating: 5, body: 'A considerate guest, welcome back.' },
        expect: { anonymous: 401, guest: 404, host: 'ok', otherHost: 404, admin: 404 },
        note: "only the listing's host reviews its guest",
      },
      'POST /api/reviews/{id}/reply': {
        url: `/api/reviews/${publishedReview.id}/reply`,
        payload: { body: 'Thank you for staying with us!' },
        expect: { anonymous: 401, guest: 404, host: 'ok', otherHost: 404, admin: 404 },
        note: "only the listing's host replies, once",
      },
      'GET /api/people/{id}': { url: `/api/people/${host.id}`, expect: browsing },
      'GET /api/properties/{id}': [
        { url: `/api/properties/${listing.id}`, expect: browsing },
        {
          url: `/api/properties/${draft.id}`,
          expect: { ...all(404), anonymous: 401 },
          note: 'drafts are not public, not even to their host',
        },
      ],
      'GET /api/properties/{id}/held-dates': { url: `/api/properties/${listing.id}/held-dates`, expect: browsing },
      'GET /api/saved': { url: '/api/saved', expect: members },
      'PUT /api/saved/{id}': { url: `/api/saved/${listing.id}`, expect: members },
      'DELETE /api/saved/{id}': { url: `/api/saved/${listing.id}`, expect: members },
      'GET /api/saved-searches': { url: '/api/saved-searches', expect: members },
      'POST /api/saved-searches': { url: '/api/saved-searches', payload: { name: 'Haifa', query: 'location=Haifa' }, expect: members },
      'PATCH /api/saved-searches/{id}': {
        url: `/api/saved-searches/${renamedSearch.id}`,
        payload: { name: 'Renamed' },
        expect: searchOwner,
      },
      'DELETE /api/saved-searches/{id}': { url: `/api/saved-searches/${deletedSearch.id}`, expect: searchOwner },
      'POST /api/alerts/unsubscribe': { url: '/api/alerts/unsubscribe', payload: { token: 's.1.forged' }, expect: publicRoute },
      'GET /api/media/public/{path}': { url: '/api/media/public/test/authz.png', expect: publicRoute },
      'GET /api/blog': { url: '/api/blog', expect: browsing },
      'GET /api/blog/{slug}': { url: `/api/blog/${blogSlug}`, expect: browsing },
      'GET /api/legal/{doc}': { url: '/api/legal/terms', expect: publicRoute },
      'GET /api/help': { url: '/api/help', expect: browsing },
      'GET /api/help/{slug}': { url: `/api/help/${helpSlug}`, expect: browsing },
      'POST /api/newsletter': { url: '/api/newsletter', payload: {}, expect: publicRoute },
      'GET /api/newsletter/confirm': { url: '/api/newsletter/confirm?token=not-a-token', expect: publicRoute },
      'GET /api/admin/newsletter-subscriptions': { url: '/api/admin/newsletter-subscriptions', expect: adminOnly },
      'POST /api/signups': { url: '/api/signups', payload: {}, expect: publicRoute },
      'POST /api/contact': { url: '/api/contact', payload: {}, expect: publicRoute },
      'GET /api/admin/contact-messages': { url: '/api/admin/contact-messages', expect: adminOnly },
      'GET /api/admin/signups': { url: '/api/admin/signups', expect: adminOnly },
      'GET /api/admin/calendar-conflicts': { url: '/api/admin/calendar-conflicts', expect: adminOnly },
      'POST /api/careers/applications': { url: '/api/careers/applications', payload: {}, expect: publicRoute },
      'GET /api/admin/job-applications': { url: '/api/admin/job-applications', expect: adminOnly },
      'GET /api/admin/job-applications/{id}/cv': {
        url: '/api/admin/job-applications/1/cv',
        expect: { ...adminOnly, admin: 404 },
        note: 'there is no application; what matters is that the others are refused before the lookup',
      },
      'GET /api/geo': { url: '/api/geo', expect: publicRoute },
      'POST /api/analytics/events': { url: '/api/analytics/events', payload: {}, expect: publicRoute },
      'GET /api/admin/analytics/page-views': { url: '/api/admin/analytics/page-views', expect: adminOnly },
      'GET /sitemap.xml': { url: '/sitemap.xml', expect: publicRoute },
      'GET /robots.txt': { url: '/robots.txt', expect: publicRoute },
      'GET /api/profile': { url: '/api/profile', expect: members },
      'PATCH /api/profile': { url: '/api/profile', payload: {}, expect: members },
      'POST /api/profile/photo': { url: '/api/profile/photo', payload: notAnImage, contentType: 'image/png', expect: members },
      'DELETE /api/profile/photo': { url: '/api/profile/photo', expect: members },
      'POST /api/profile/id-document': { url: '/api/profile/id-document', payload: pdf, contentType: 'application/pdf', expect: members },
      'GET /api/users/{userId}/id-document': {
        url: `/api/users/${guest.id}/id-document`,
        expect: { anonymous: 401, guest: 'ok', host: 403, otherHost: 403, admin: 'ok' },
      },
      'GET /api/profile/recommendations': { url: '/api/profile/recommendations', expect: members },
      'GET /api/my-data/exports': { url: '/api/my-data/exports', expect: members },
      'POST /api/my-data/exports': { url: '/api/my-data/exports', expect: members },
      'GET /api/my-data/exports/{id}/download': {
        url: `/api/my-data/exports/${guestExport!.id}/download`,
        expect: { anonymous: 401, guest: 'ok', host: 404, otherHost: 404, admin: 404 },
        note: "a member's archive is theirs alone; its id is not others' to probe, admins included",
      },
      'POST /api/account/close': {
        url: '/api/account/close',
        payload: { password: 'not-the-password' },
        expect: { ...all(403), anonymous: 401 },
        note: 'each member reaches the password check (403 password_incorrect); closing itself is in my-data.test.ts',
      },
      'GET /api/admin/account-deletions': { url: '/api/admin/account-deletions', expect: adminOnly },
      'GET /api/admin/stats': { url: '/api/admin/stats', expect: adminOnly },
      'GET /api/admin/verifications': { url: '/api/admin/verifications', expect: adminOnly },
      'POST /api/admin/verifications/{userId}/approve': { url: `/api/admin/verifications/${bystander.id}/approve`, expect: adminOnly },
      'POST /api/admin/verifications/{userId}/reject': {
        url: `/api/admin/verifications/${bystander.id}/reject`,
        payload: { reason: 'The photo is blurred' },
        expect: adminOnly,
      },
      'POST /api/admin/listings/{id}/approve': { url: `/api/admin/listings/${submitted.id}/approve`, expect: adminOnly },
      'POST /api/admin/listings/{id}/reject': {
        url: `/api/admin/listings/${submitted.id}/reject`,
        payload: { reason: 'Photos are missing' },
        expect: adminOnly,
      },
      // Verified places (issue 39): the document is for admins alone, not even the listing's host.
      'GET /api/admin/listings/{id}/place-document': {
        url: `/api/admin/listings/${submitted.id}/place-document`,
        expect: { ...adminOnly, admin: 404 },
        note: 'no document was sent; the others are refused before the lookup (the admin reads one in verified-places.test.ts)',
      },
      // No document waits on this listing: an admin gets past authorization to 409 already_decided.
      'POST /api/admin/places/{id}/approve': { url: `/api/admin/places/${submitted.id}/approve`, expect: adminOnly },
      'POST /api/admin/places/{id}/reject': {
        url: `/api/admin/places/${submitted.id}/reject`,
        payload: { reason: 'The lease does not allow subletting' },
        expect: adminOnly,
      },
      // Nothing waits on these listings: an admin gets past authorization to 409 already_decided.
      'POST /api/admin/listing-changes/{id}/approve': {
        url: `/api/admin/listing-changes/${listing.id}/approve`,
        payload: { version: '2030-01-01T00:00:00.000Z' },
        expect: adminOnly,
      },
      'POST /api/admin/listing-changes/{id}/reject': {
        url: `/api/admin/listing-changes/${listing.id}/reject`,
        payload: { reason: 'The price is not real' },
        expect: adminOnly,
      },
      'POST /api/reports': [
        { url: '/api/reports', payload: { targetType: 'property', propertyId: listing.id, reason: reportReasons[0] }, expect: members },
        {
          url: '/api/reports',
          payload: { targetType: 'conversation', conversationId, reason: reportReasons[0] },
          expect: { ...all(404), anonymous: 401, host: 'ok' },
          note: 'only the host reports a conversation a guest opened with them',
        },
        {
          url: '/api/reports',
          payload: { targetType: 'property', propertyId: draft.id, reason: reportReasons[0] },
          expect: { ...all(404), anonymous: 401 },
          note: 'a draft is on no page, and its id cannot be probed',
        },
      ],
      'GET /api/admin/reports': { url: '/api/admin/reports', expect: adminOnly },
      'PATCH /api/admin/reports/{id}': { url: `/api/admin/reports/${report.id}`, payload: { status: 'investigating' }, expect: adminOnly },
      'GET /api/admin/users': { url: '/api/admin/users', expect: adminOnly },
      'PATCH /api/admin/users/{id}/role': { url: `/api/admin/users/${bystander.id}/role`, payload: { role: 'guest' }, expect: adminOnly },
      'POST /api/admin/users/{id}/suspend': { url: `/api/admin/users/${bystander.id}/suspend`, expect: adminOnly },
      'POST /api/admin/users/{id}/reactivate': { url: `/api/admin/users/${bystander.id}/reactivate`, expect: adminOnly },
      'GET /api/admin/settings': { url: '/api/admin/settings', expect: adminOnly },
      'PATCH /api/admin/settings': { url: '/api/admin/settings', payload: {}, expect: adminOnly },
      'POST /api/admin/settings/mail-preview': { url: '/api/admin/settings/mail-preview', payload: {}, expect: adminOnly },
      'GET /api/admin/audit': { url: '/api/admin/audit', expect: adminOnly },
      'GET /api/admin/audit.csv': { url: '/api/admin/audit.csv', expect: adminOnly },
      'GET /api/host/listings': { url: '/api/host/listings', expect: members },
      'POST /api/host/listings': {
        url: '/api/host/listings',
        payload: { propertyType: 'hotel' },
        expect: members,
        last: true,
        note: "a guest's first listing makes them a host",
      },
      'GET /api/host/earnings': { url: '/api/host/earnings', expect: members },
      'GET /api/host/earnings.csv': { url: '/api/host/earnings.csv', expect: members },
      'GET /api/admin/finance/months': { url: '/api/admin/finance/months', expect: adminOnly },
      'GET /api/admin/finance/months.csv': { url: '/api/admin/finance/months.csv', expect: adminOnly },
      'GET /api/admin/finance/payouts-due': { url: '/api/admin/finance/payouts-due', expect: adminOnly },
      'GET /api/admin/finance/payouts-due.csv': { url: '/api/admin/finance/payouts-due.csv', expect: adminOnly },
      'GET /api/admin/finance/upcoming-payouts': { url: '/api/admin/finance/upcoming-payouts', expect: adminOnly },
      // Nothing is due to the host: an admin gets past authorization to 409 payout_exceeds_due.
      'POST /api/admin/finance/payouts': {
        url: '/api/admin/finance/payouts',
        payload: { hostId: host.id, amount: 1, reference: 'TRF-1' },
        expect: adminOnly,
      },
      // Nothing is owed by the host: an admin gets past authorization to 409 fee_payment_exceeds_owed.
      'POST /api/admin/finance/fee-payments': {
        url: '/api/admin/finance/fee-payments',
        payload: { hostId: host.id, amount: 1, reference: 'FEE-1' },
        expect: adminOnly,
      },
      // Each member reads and writes only their own bank account (decision 057).
      'GET /api/host/payout-method': { url: '/api/host/payout-method', expect: members },
      'PUT /api/host/payout-method': {
        url: '/api/host/payout-method',
        payload: { bankCode: '10', branch: '800', accountNumber: '12345678', accountHolder: 'Test Holder' },
        expect: members,
      },
      'GET /api/host/listings/{id}': { url: `/api/host/listings/${draft.id}`, expect: listingOwner },
      'PATCH /api/host/listings/{id}': { url: `/api/host/listings/${draft.id}`, payload: {}, expect: listingOwner },
      'POST /api/host/listings/{id}/{action}': { url: `/api/host/listings/${draft.id}/submit`, expect: listingOwner },
      'POST /api/host/listings/{id}/photos': {
        url: `/api/host/listings/${draft.id}/photos`,
        payload: notAnImage,
        contentType: 'image/png',
        expect: listingOwner,
      },
      'POST /api/host/listings/{id}/place-document': {
        url: `/api/host/listings/${draft.id}/place-document?kind=deed`,
        payload: pdf,
        contentType: 'application/pdf',
        expect: listingOwner,
      },
      'PUT /api/host/listings/{id}/photos/order': {
        url: `/api/host/listings/${draft.id}/photos/order`,
        payload: { photoIds: [draftPhoto.id] },
        expect: listingOwner,
      },
      'DELETE /api/host/listings/{id}/photos/{photoId}': {
        url: `/api/host/listings/${draft.id}/photos/${draftPhoto.id}`,
        expect: listingOwner,
      },
      'GET /api/host/listings/{id}/calendar': { url: `/api/host/listings/${listing.id}/calendar`, expect: listingOwner },
      // A token route: public, answering only to the listing's current export token.
      'GET /api/ical/{file}': [
        { url: exportPath, expect: publicRoute },
        { url: `/api/ical/${'A'.repeat(43)}.ics`, expect: all(404) },
      ],
      'GET /api/host/listings/{id}/calendar-sync': { url: `/api/host/listings/${listing.id}/calendar-sync`, expect: listingOwner },
      'POST /api/host/listings/{id}/calendar-sync/rotate': {
        url: `/api/host/listings/${listing.id}/calendar-sync/rotate`,
        expect: listingOwner,
        last: true,
        note: 'after the export route, whose token it replaces',
      },
      'POST /api/host/listings/{id}/calendar-feeds': {
        url: `/api/host/listings/${listing.id}/calendar-feeds`,
        payload: { name: 'Other site', url: 'ftp://example.com/a.ics' },
        expect: listingOwner,
      },
      'POST /api/host/listings/{id}/calendar-feeds/{feedId}/sync': {
        url: `/api/host/listings/${listing.id}/calendar-feeds/${feedIds[0]}/sync`,
        expect: listingOwner,
      },
      'DELETE /api/host/listings/{id}/calendar-feeds/{feedId}': {
        url: `/api/host/listings/${listing.id}/calendar-feeds/${feedIds[1]}`,
        expect: listingOwner,
      },
      'POST /api/host/listings/{id}/blocks': {
        url: `/api/host/listings/${listing.id}/blocks`,
        payload: { startDate: daysFromNow(120), endDate: daysFromNow(121) },
        expect: listingOwner,
      },
      'DELETE /api/host/listings/{id}/blocks/{blockId}': {
        url: `/api/host/listings/${listing.id}/blocks/${blockId}`,
        expect: listingOwner,
      },
      'GET /api/host/listings/{id}/price-rules': { url: `/api/host/listings/${listing.id}/price-rules`, expect: listingOwner },
      'GET /api/host/listings/{id}/arrival': { url: `/api/host/listings/${listing.id}/arrival`, expect: listingOwner },
      'PUT /api/host/listings/{id}/arrival': {
        url: `/api/host/listings/${listing.id}/arrival`,
        payload: { ...emptyArrivalInfo, wifiName: 'Lina' },
        expect: listingOwner,
      },
      'POST /api/host/listings/{id}/price-rules': {
        url: `/api/host/listings/${listing.id}/price-rules`,
        payload: { startDate: daysFromNow(120), endDate: daysFromNow(121), minNights: 2 },
        expect: listingOwner,
      },
      'DELETE /api/host/listings/{id}/price-rules/{ruleId}': {
        url: `/api/host/listings/${listing.id}/price-rules/${ruleId}`,
        expect: listingOwner,
      },
      // Not in the OpenAPI document, and served all the same.
      'GET /api/openapi.json': { url: '/api/openapi.json', expect: publicRoute },
      'GET /dev/mailbox': { url: '/dev/mailbox', expect: publicRoute, note: 'registered only outside production' },
      'GET /metrics': {
        url: '/metrics',
        expect: publicRoute,
        note: 'no token outside production: loopback clients only (metrics.test.ts)',
      },
    };
  });
  afterAll(() => t.close());

  const hiddenRoutes = ['GET /api/openapi.json', 'GET /dev/mailbox', 'GET /metrics'];

  it('has a row for every route, and no row for a route that is gone', () => {
    const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of hiddenRoutes) {
      const [method, url] = route.split(' ') as ['GET', string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
    expect(Object.keys(table).sort()).toEqual([...documented, ...hiddenRoutes].sort());
  });

  // The OpenAPI document derives who may call each route (server/http/openapi.ts); this table is the truth.
  it('documents the session cookie and the 401/403/404 answers as the table says', () => {
    const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, { security?: object[]; responses: object }>> })
      .paths;
    const wrong: string[] = [];
    for (const [route, entry] of Object.entries(table)) {
      if (hiddenRoutes.includes(route)) continue;
      const [method, url] = route.split(' ') as [string, string];
      const operation = paths[url]![method.toLowerCase()]!;
      const outcomes = (Array.isArray(entry) ? entry : [entry]).flatMap((c) => Object.values(c.expect));
      const documented = Object.keys(operation.responses).map(Number);
      const needsCookie = (Array.isArray(entry) ? entry : [entry]).some((c) => c.expect.anonymous === 401);
      if (needsCookie !== (operation.security?.length ?? 0) > 0) wrong.push(`${route}: security ${JSON.stringify(operation.security)}`);
      for (const status of [401, 403, 404] as const) {
        if (outcomes.includes(status) && !documented.includes(status)) wrong.push(`${route}: ${status} not documented`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers each caller as the table says, and never with a 5xx', async () => {
    const cases = Object.entries(table).flatMap(([route, entry]) => (Array.isArray(entry) ? entry : [entry]).map((c) => ({ route, ...c })));
    const ordered = [...cases.filter((c) => !c.last), ...cases.filter((c) => c.last)];
    const failures: string[] = [];
    // The resources' owners go last, so that a refused caller never meets an already-changed resource.
    const order: Caller[] = ['anonymous', 'otherHost', 'admin', 'guest', 'host'];
    for (const c of ordered) {
      const method = c.route.split(' ')[0] as InjectOptions['method'];
      for (const caller of order) {
        let cookie = caller === 'anonymous' ? undefined : cookies[caller];
        if (c.last && cookie) cookie = await signInFrom(t.app, emails[caller as Exclude<Caller, 'anonymous'>]);
        const headers: Record<string, string> = { ...writeHeaders };
        if (cookie) headers.cookie = cookie;
        if (c.contentType) headers['content-type'] = c.contentType;
        const response = await t.app.inject({
          method,
          url: c.url,
          headers,
          ...(c.payload === undefined ? {} : { payload: c.payload as InjectOptions['payload'] }),
        });
        const wanted = c.expect[caller];
        const status = response.statusCode;
        const fine = status < 500 && (wanted === 'ok' ? allowed(status) : status === wanted);
        if (!fine) failures.push(`${c.route} (${c.url}) as ${caller}: wanted ${wanted}, got ${status} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
