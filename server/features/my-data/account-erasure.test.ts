import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLines } from '../../../core/ledger-rules.ts';
import { photoVariantName } from '../../../core/photo-variants.ts';
import { priceStayChange } from '../../../core/stay-change-pricing.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { notify } from '../../notices/notify.ts';
import {
  accountDeletions,
  bookingMessages,
  contactMaskingEvents,
  listingArrivalInfo,
  moveInReportPhotos,
  moveInReports,
  notices,
  passkeys,
  properties,
  recoveryCodes,
  totpSecrets,
  bookings,
  stayChanges,
  dataExports,
  guestReviews,
  ledgerTransactions,
  outgoingMail,
  profiles,
  reviews,
  stayAgreementAcceptances,
  stayAgreementVersions,
  users,
} from '../../db/schema.ts';
import {
  createBooking,
  createGuestReview,
  createProperty,
  createPropertyPhoto,
  createReview,
  createUser,
  daysFromNow,
} from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';
import { runAccountErasures, runDataExports } from './my-data-jobs.ts';

/**
 * The bar (issue 39): a member with bookings (as guest and host), messages, reviews, photos and
 * documents closes their account; once the erasure job has run, no table of the database and no
 * file of the storage holds their name, e-mail or phone, while their stays, payments, reviews and
 * messages are still there without them.
 */

const firstName = 'Zephyrine';
const lastName = 'Quillfeather';
const email = 'zephyrine.quill@example.org';
const phone = '+972-54-3217654';
const searched = [firstName, lastName, email, phone, '972543217654', '0543217654'];

interface ColumnRow extends Record<string, unknown> {
  table_name: string;
  column_name: string;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

describe('erasing a closed account', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  /** Every column (text, JSON, arrays, enums) of every table holding any of the searched strings, as table.column: string. */
  async function tablesMentioning(): Promise<string[]> {
    const columns = await t.db.execute<ColumnRow>(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))`);
    expect(columns.rows.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      for (const needle of searched) {
        const hits = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)} where position(lower(${needle}) in lower(${sql.identifier(column)}::text)) > 0`,
        );
        if (Number(hits.rows[0]?.n) > 0) found.push(`${table}.${column}: ${needle}`);
      }
    }
    return found;
  }

  it('leaves no trace of their name, e-mail or phone in any table or file, and keeps the records without them', async () => {
    const member = await createUser(t.db, { email, role: 'host', firstName, lastName, profile: { phone, bio: `${firstName} from Haifa` } });
    const otherHost = await createUser(t.db, { role: 'host', firstName: 'Oded', lastName: 'Hostson' });
    const otherGuest = await createUser(t.db, { firstName: 'Galia', lastName: 'Guestova' });
    const cookie = await signIn(t.app, email);
    const hostCookie = await signIn(t.app, otherHost.email);
    const guestCookie = await signIn(t.app, otherGuest.email);

    // Their files: a profile photo, an ID document naming them, a listing photo and its variant.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    expect(
      (await injectAs(t.app, cookie, { method: 'POST', url: '/api/profile/photo', payload: png, headers: { 'content-type': 'image/png' } }))
        .statusCode,
    ).toBe(200);
    const idDocument = Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${firstName} ${lastName} ${phone}) >> endobj\n%%EOF`);
    expect(
      (
        await injectAs(t.app, cookie, {
          method: 'POST',
          url: '/api/profile/id-document',
          payload: idDocument,
          headers: { 'content-type': 'application/pdf' },
        })
      ).statusCode,
    ).toBe(200);
    const ownListing = await createProperty(t.db, {
      hostId: member.id,
      titleEn: `${firstName}'s garden flat`,
      descriptionEn: `Call ${firstName} on ${phone} or write to ${email}.`,
      address: '12 Quill Street',
    });
    const photoKey = `public/listing-photos/${ownListing.id}/garden.webp`;
    await t.storage.put(photoKey, png, 'image/webp');
    await t.storage.put(photoVariantName(photoKey, 640, 'webp'), png, 'image/webp');
    await createPropertyPhoto(t.db, { propertyId: ownListing.id, storageKey: photoKey });

    // The licence that proves their place (a hotel) (decision 052), naming them.
    const lease = await injectAs(t.app, cookie, {
      method: 'POST',
      url: `/api/host/listings/${ownListing.id}/place-document?kind=business_licence`,
      payload: Buffer.from(`%PDF-1.7\n1 0 obj << /Title (Licence of ${firstName} ${lastName}) >> endobj\n%%EOF`),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(lease.statusCode, lease.body).toBeLessThan(300);

    // Their sign-in factors (decision 051), a masking count (049) and their listing's arrival information (046).
    await t.db.insert(passkeys).values({ userId: member.id, credentialId: 'cred-zq', publicKey: 'key', name: `${firstName}'s phone` });
    await t.db.insert(totpSecrets).values({ userId: member.id, secret: 'plain:SECRET', confirmedAt: new Date() });
    await t.db.insert(recoveryCodes).values({ userId: member.id, codeHash: 'hash' });
    await t.db.insert(contactMaskingEvents).values({ userId: member.id, source: 'message', kinds: ['phone'] });
    await t.db.insert(listingArrivalInfo).values({ propertyId: ownListing.id, checkInInstructionsEn: `Call ${firstName} on ${phone}` });
    // The bank account their payouts go to, in their name (decision 057).
    const bankAccount = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/api/host/payout-method',
      payload: { bankCode: '12', branch: '600', accountNumber: '4417821', accountHolder: `${firstName} ${lastName}` },
    });
    expect(bankAccount.statusCode, bankAccount.body).toBe(200);

    // As a guest: a past stay with another host, a conversation naming them, reviews both ways, a card payment.
    const otherListing = await createProperty(t.db, { hostId: otherHost.id, titleEn: 'Carmel view' });
    const stay = await createBooking(t.db, {
      propertyId: otherListing.id,
      guestId: member.id,
      checkIn: daysFromNow(-30),
      checkOut: daysFromNow(-25),
      status: 'completed',
      paymentMethod: 'card',
      paymentStatus: 'captured',
    });
    await recordLedgerTransaction(
      t.db,
      { key: `capture:${stay.id}`, kind: 'capture', bookingId: stay.id, hostId: otherHost.id },
      captureLines(stay.total, stay.serviceFee),
    );
    // A change of that stay they proposed, with a child's age (decision 058).
    const [change] = await t.db
      .insert(stayChanges)
      .values({
        bookingId: stay.id,
        proposedBy: member.id,
        role: 'guest',
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        guests: 2,
        childAges: [7],
        price: priceStayChange({
          listing: otherListing,
          current: { ...stay, children: stay.childAges, quote: stay.quote! },
          proposed: { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: 2, children: [7] },
          policy: stay.cancellationPolicy,
          bookedAt: stay.createdAt,
          checkInAt: stay.createdAt,
          at: stay.createdAt,
          proposedBy: 'guest',
          paid: stay.total,
        }),
        difference: 0,
        status: 'declined',
        expiresAt: new Date(),
      })
      .returning();
    const asked = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/conversations',
      payload: { propertyId: otherListing.id, body: `Hi, I am ${firstName} ${lastName}, call me at ${phone}` },
    });
    const { conversationId } = asked.json() as { conversationId: string };
    expect(
      (
        await injectAs(t.app, hostCookie, {
          method: 'POST',
          url: `/api/conversations/${conversationId}/messages`,
          payload: { body: `Thanks ${firstName}!` },
        })
      ).statusCode,
    ).toBeLessThan(300);
    await createReview(t.db, { bookingId: stay.id, authorId: member.id, body: `Great host. ${firstName} will be back.` });
    await createGuestReview(t.db, {
      bookingId: stay.id,
      guestId: member.id,
      authorId: otherHost.id,
      body: `${firstName} ${lastName} was a great guest.`,
    });

    // A move-in report they made on that stay (decision 056), naming them, with a photo; the host answered.
    const [moveIn] = await t.db
      .insert(moveInReports)
      .values({
        bookingId: stay.id,
        guestId: member.id,
        reason: 'not_as_described',
        description: `${firstName} here: no balcony. Call ${phone}.`,
        hostAnswer: `Sorry ${firstName}, it was sold.`,
      })
      .returning({ id: moveInReports.id });
    const moveInPhotoKey = `private/move-in-reports/${moveIn!.id}/balcony.webp`;
    await t.storage.put(moveInPhotoKey, png, 'image/webp');
    await t.db.insert(moveInReportPhotos).values({ reportId: moveIn!.id, storageKey: moveInPhotoKey, width: 64, height: 64 });

    // As a host: a past stay of another guest at their listing, with messages both ways.
    const hosted = await createBooking(t.db, {
      propertyId: ownListing.id,
      guestId: otherGuest.id,
      checkIn: daysFromNow(-15),
      checkOut: daysFromNow(-12),
      status: 'completed',
    });
    const question = await injectAs(t.app, guestCookie, {
      method: 'POST',
      url: '/api/conversations',
      payload: { propertyId: ownListing.id, body: `Hello ${firstName}, is there parking?` },
    });
    const hostedThread = (question.json() as { conversationId: string }).conversationId;
    await injectAs(t.app, cookie, {
      method: 'POST',
      url: `/api/conversations/${hostedThread}/messages`,
      payload: { body: `Yes. ${firstName}, ${phone}` },
    });

    // Long stays both ways, their agreements accepted by the member (decision 055): the texts name them and their address.
    const longAsGuest = await createBooking(t.db, {
      propertyId: otherListing.id,
      guestId: member.id,
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(95),
    });
    const longAsHost = await createBooking(t.db, {
      propertyId: ownListing.id,
      guestId: otherGuest.id,
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(95),
    });
    for (const [stayId, agreementCookie] of [
      [longAsGuest.id, cookie],
      [longAsHost.id, cookie],
      [longAsHost.id, guestCookie],
    ] as const) {
      const shown = await injectAs(t.app, agreementCookie, { method: 'GET', url: `/api/bookings/${stayId}/agreement` });
      const { texts } = shown.json() as { texts: { en: { text: string; sha256: string } } };
      const accepted = await injectAs(t.app, agreementCookie, {
        method: 'POST',
        url: `/api/bookings/${stayId}/agreement/accept`,
        payload: { sha256: texts.en.sha256 },
        remoteAddress: '203.0.113.9',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    // Over before the account closes (an account with stays ahead cannot close); the agreements stand.
    await t.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(inArray(bookings.id, [longAsGuest.id, longAsHost.id]));

    // Notices (decision 063): their own, and the other sides' about their stays, which show their name and
    // their listing's title when read, from the stays, never from a copy in the notice.
    await notify(t.db, { userId: member.id, kind: 'booking_confirmed', bookingId: stay.id, link: '/my-bookings' });
    await notify(t.db, {
      userId: otherHost.id,
      kind: 'stay_change_proposed',
      bookingId: stay.id,
      link: '/host/bookings',
      params: { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: 2 },
    });
    await notify(t.db, { userId: otherGuest.id, kind: 'booking_confirmed', bookingId: hosted.id, link: '/my-bookings' });
    const noticeTexts = async (reader: string) =>
      JSON.stringify((await injectAs(t.app, reader, { method: 'GET', url: '/api/notices?lang=en' })).json());
    expect(await noticeTexts(hostCookie)).toContain(`${firstName} asked to change`);
    expect(await noticeTexts(guestCookie)).toContain(`${firstName}'s garden flat`);

    // The rest of what people leave behind: a saved place, a contact form, the newsletter, a failed sign-in, an export.
    await injectAs(t.app, cookie, { method: 'PUT', url: `/api/saved/${otherListing.id}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: writeHeaders,
      payload: { name: `${firstName} ${lastName}`, email, subject: 'Question', message: `Please call ${phone}` },
    });
    await t.app.inject({ method: 'POST', url: '/api/newsletter', headers: writeHeaders, payload: { email, language: 'en' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: writeHeaders, payload: { email, password: 'wrong-password' } });
    expect((await injectAs(t.app, cookie, { method: 'POST', url: '/api/my-data/exports' })).statusCode).toBe(202);
    await runDataExports({ db: t.db, storage: t.storage, log: t.app.log, siteUrl: t.config.siteUrl });
    await eventually(async () => (await t.db.select().from(dataExports).where(eq(dataExports.userId, member.id)))[0]?.status === 'ready');

    const [before] = await t.db.select().from(profiles).where(eq(profiles.userId, member.id));
    const [{ placeDocumentKey }] = (await t.db
      .select({ placeDocumentKey: properties.placeDocumentKey })
      .from(properties)
      .where(eq(properties.id, ownListing.id))) as [{ placeDocumentKey: string | null }];
    const memberFiles = [
      before!.profileImageKey!,
      before!.idDocumentKey!,
      photoKey,
      photoVariantName(photoKey, 640, 'webp'),
      placeDocumentKey!,
      moveInPhotoKey,
    ];
    for (const key of memberFiles) expect(await t.storage.exists(key), key).toBe(true);

    // The search finds them everywhere before (so that finding nothing after means something).
    const mentions = await tablesMentioning();
    for (const place of [
      'profiles.first_name',
      'users.email',
      'booking_messages.body',
      'outgoing_mail.text_body',
      'contact_messages.email',
      'security_events.description',
      'passkeys.name',
      'listing_arrival_info.check_in_instructions_en',
      'stay_agreement_versions.text_en',
      'stay_agreement_versions.text_he',
    ]) {
      expect(
        mentions.some((mention) => mention.startsWith(place)),
        place,
      ).toBe(true);
    }

    // Closed, then erased when its time comes.
    const closed = await injectAs(t.app, cookie, { method: 'POST', url: '/api/account/close', payload: { password: 'Passw0rd!' } });
    expect(closed.statusCode).toBe(200);
    await t.db
      .update(accountDeletions)
      .set({ eraseAfter: new Date(Date.now() - 1000) })
      .where(eq(accountDeletions.userId, member.id));
    expect(await runAccountErasures({ db: t.db, storage: t.storage, log: t.app.log, siteUrl: t.config.siteUrl })).toBe(1);

    // Every text, JSON and text-array column of every table.
    expect(await tablesMentioning()).toEqual([]);
    // Their notices are gone; the others' stay, and now read without their name.
    expect(await t.db.select().from(notices).where(eq(notices.userId, member.id))).toEqual([]);
    for (const reader of [hostCookie, guestCookie]) {
      const shown = await noticeTexts(reader);
      expect(shown).toMatch(/"notices":\[\{/);
      for (const needle of searched) expect(shown).not.toContain(needle);
    }
    expect(await noticeTexts(hostCookie)).toContain('The guest asked to change');
    // Their factors and masking count are gone, not only their strings.
    for (const table of [passkeys, totpSecrets, recoveryCodes, contactMaskingEvents]) {
      expect(await t.db.select().from(table).where(eq(table.userId, member.id))).toEqual([]);
    }

    // Every file of the storage, and the member's own files gone.
    for (const key of memberFiles) expect(await t.storage.exists(key), key).toBe(false);
    const inFiles: string[] = [];
    for await (const file of walk(t.config.dataDir)) {
      const content = (await readFile(file)).toString('latin1').toLowerCase();
      for (const needle of searched) if (content.includes(needle.toLowerCase())) inFiles.push(`${file}: ${needle}`);
    }
    expect(inFiles).toEqual([]);

    // Kept without them: the stays, the payment, the reviews and the messages.
    expect(await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.guestId, member.id))).toHaveLength(2);
    expect(await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, hosted.id))).toHaveLength(1);
    // The change of their stay stays, without their child's age or a pointer to them.
    expect(
      await t.db
        .select({ childAges: stayChanges.childAges, proposedBy: stayChanges.proposedBy, role: stayChanges.role })
        .from(stayChanges)
        .where(eq(stayChanges.id, change!.id)),
    ).toEqual([{ childAges: [], proposedBy: null, role: 'guest' }]);
    expect(
      await t.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.bookingId, stay.id)),
    ).toHaveLength(1);
    const [keptReport] = await t.db
      .select({ description: moveInReports.description, hostAnswer: moveInReports.hostAnswer })
      .from(moveInReports)
      .where(eq(moveInReports.id, moveIn!.id));
    expect(keptReport).toEqual({ description: '[removed] here: no balcony. Call [removed].', hostAnswer: 'Sorry [removed], it was sold.' });
    expect(await t.db.select().from(moveInReportPhotos).where(eq(moveInReportPhotos.reportId, moveIn!.id))).toEqual([]);
    const [review] = await t.db.select({ body: reviews.body }).from(reviews).where(eq(reviews.authorId, member.id));
    expect(review?.body).toBe('Great host. [removed] will be back.');
    const [guestReview] = await t.db.select({ body: guestReviews.body }).from(guestReviews).where(eq(guestReviews.guestId, member.id));
    expect(guestReview?.body).toBe('[removed] was a great guest.');
    const written = await t.db.select({ body: bookingMessages.body }).from(bookingMessages).where(eq(bookingMessages.senderId, member.id));
    expect(written.map((message) => message.body).sort()).toEqual([
      'Hi, I am [removed], call me at [removed]',
      'Yes. [removed], [removed]',
    ]);
    // The agreements stay, pseudonymised: no name, address or IP address; the acceptances and their hashes are kept.
    const agreements = await t.db.select().from(stayAgreementVersions);
    expect(agreements.map((version) => version.bookingId).sort()).toEqual([longAsGuest.id, longAsHost.id].sort());
    for (const version of agreements) {
      expect(version.textEn).toContain('[removed]');
      expect(version.textEn).not.toContain('Quill Street');
    }
    const acceptances = await t.db.select().from(stayAgreementAcceptances);
    expect(acceptances).toHaveLength(3);
    expect(acceptances.filter((row) => row.userId === member.id).map((row) => row.ip)).toEqual([null, null]);
    expect(acceptances.find((row) => row.userId === otherGuest.id)?.ip).toBe('203.0.113.9');
    const [person] = await t.db
      .select({ firstName: profiles.firstName, phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.userId, member.id));
    expect(person).toEqual({ firstName: '', phone: null });
    const [account] = await t.db.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, member.id));
    expect(account?.closedAt).not.toBeNull();
    // The host can still answer in the old thread; the erased address is mailed nothing.
    const reply = await injectAs(t.app, hostCookie, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { body: 'Goodbye' },
    });
    expect(reply.statusCode).toBeLessThan(300);
    expect(await t.db.select({ id: outgoingMail.id }).from(outgoingMail).where(like(outgoingMail.toAddress, '%@erased.invalid'))).toEqual(
      [],
    );
    // Other people keep their data.
    const [other] = await t.db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, otherGuest.id));
    expect(other?.firstName).toBe('Galia');
  });
});
