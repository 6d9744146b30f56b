import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onArrivalFeeLines } from '../../../core/ledger-rules.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { notify } from '../../notices/notify.ts';
import {
  accountDeletions,
  bookings,
  contactMessages,
  dataExports,
  outgoingMail,
  properties,
  savedSearches,
  users,
} from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';
import { runAccountErasures, runDataExports } from './my-data-jobs.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${text}) >> endobj\n%%EOF`);

describe('your data', () => {
  let t: TestContext;
  const jobs = () => ({ db: t.db, storage: t.storage, log: t.app.log, siteUrl: t.config.siteUrl });

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  describe('download my data', () => {
    it("builds an archive of the member's data and files, mails a link, and serves it to that member only", async () => {
      const member = await createUser(t.db, {
        firstName: 'Ornella',
        lastName: 'Vantaggio',
        profile: { phone: '052-7771234', bio: 'Loves the sea' },
      });
      const stranger = await createUser(t.db, { firstName: 'Strangelove', lastName: 'Outsider', profile: { phone: '054-9990000' } });
      const listing = await createProperty(t.db, { titleEn: 'Harbour loft' });
      await t.db.insert(savedSearches).values({ userId: member.id, name: 'Haifa by the sea', query: 'type=sublets&location=Haifa' });
      await createBooking(t.db, {
        propertyId: listing.id,
        guestId: member.id,
        checkIn: daysFromNow(-20),
        checkOut: daysFromNow(-17),
        status: 'completed',
      });
      // A notice of theirs and one of the stranger's (decision 063): only theirs is in the archive.
      await notify(t.db, { userId: member.id, kind: 'booking_confirmed', link: '/my-bookings?from=export-test' });
      await notify(t.db, { userId: stranger.id, kind: 'booking_declined', link: '/my-bookings?from=stranger' });
      await createBooking(t.db, {
        propertyId: listing.id,
        guestId: stranger.id,
        checkIn: daysFromNow(-10),
        checkOut: daysFromNow(-7),
        status: 'completed',
      });
      const cookie = await signIn(t.app, member.email);
      const strangerCookie = await signIn(t.app, stranger.email);
      await injectAs(t.app, cookie, {
        method: 'POST',
        url: '/api/profile/id-document',
        payload: pdf('Ornella passport'),
        headers: { 'content-type': 'application/pdf' },
      });
      await injectAs(t.app, cookie, {
        method: 'POST',
        url: '/api/conversations',
        payload: { propertyId: listing.id, body: 'Is the harbour loud?' },
      });
      await injectAs(t.app, strangerCookie, {
        method: 'POST',
        url: '/api/conversations',
        payload: { propertyId: listing.id, body: 'Stranger question' },
      });
      await injectAs(t.app, cookie, { method: 'PUT', url: `/api/saved/${listing.id}` });
      // A long stay whose agreement the member accepted (decision 055).
      const longStay = await createBooking(t.db, {
        propertyId: listing.id,
        guestId: member.id,
        checkIn: daysFromNow(30),
        checkOut: daysFromNow(70),
      });
      const agreement = await injectAs(t.app, cookie, { method: 'GET', url: `/api/bookings/${longStay.id}/agreement` });
      const agreementHash = (agreement.json() as { texts: { he: { sha256: string } } }).texts.he.sha256;
      await injectAs(t.app, cookie, {
        method: 'POST',
        url: `/api/bookings/${longStay.id}/agreement/accept`,
        payload: { sha256: agreementHash },
        remoteAddress: '203.0.113.44',
      });

      const requested = await injectAs(t.app, cookie, { method: 'POST', url: '/api/my-data/exports' });
      expect(requested.statusCode).toBe(202);
      expect(requested.json()).toMatchObject({ status: 'queued', downloadUrl: null });
      const again = await injectAs(t.app, cookie, { method: 'POST', url: '/api/my-data/exports' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('data_export_in_progress');

      // The instance that took the request starts on it at once; a scheduled run would find it too.
      await runDataExports(jobs());
      const ready = await eventually(async () => {
        const [row] = (await injectAs(t.app, cookie, { method: 'GET', url: '/api/my-data/exports' })).json().exports;
        return row?.status === 'ready' ? row : null;
      });
      expect(ready).toMatchObject({ id: requested.json().id, status: 'ready' });
      expect(ready.downloadUrl).toBe(`/api/my-data/exports/${ready.id}/download`);

      // The mail leads to the profile, in the member's language, and names the date the link ends.
      // The job marks the archive ready, then queues the mail: looked for until it is there.
      const mail = await eventually(async () => {
        const [queued] = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, member.email));
        return queued ?? null;
      });
      expect(mail?.subject).toBe('Your Lina data is ready to download');
      expect(mail?.textBody).toContain(`${t.config.siteUrl}/profile#your-data`);

      const download = await injectAs(t.app, cookie, { method: 'GET', url: ready.downloadUrl });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.headers['cache-control']).toBe('private, no-store');
      const files = unzipSync(new Uint8Array(download.rawPayload));
      const text = Object.entries(files)
        .filter(([name]) => name.endsWith('.json'))
        .map(([, bytes]) => strFromU8(bytes))
        .join('\n');
      for (const part of [
        'account',
        'profile',
        'bookingsAsGuest',
        'bookingsAsHost',
        'stayAgreements',
        'stayChanges',
        'payments',
        'messages',
        'reviews',
        'savedListings',
        'notices',
      ]) {
        expect(files[`data/${part}.json`], part).toBeDefined();
      }
      expect(text).toContain(member.email);
      expect(text).toContain('052-7771234');
      expect(text).toContain('Haifa by the sea');
      expect(text).toContain('Is the harbour loud?');
      expect(text).toContain('Harbour loft');
      expect(JSON.parse(strFromU8(files['data/bookingsAsGuest.json']!))).toHaveLength(2);
      expect(JSON.parse(strFromU8(files['data/notices.json']!))).toMatchObject([
        { kind: 'booking_confirmed', link: '/my-bookings?from=export-test', params: {}, readAt: null },
      ]);
      expect(JSON.parse(strFromU8(files['data/stayAgreements.json']!))).toMatchObject({
        versions: [{ bookingId: longStay.id, version: 1, sha256He: agreementHash }],
        acceptances: [{ bookingId: longStay.id, version: 1, role: 'guest', language: 'he', sha256: agreementHash, ip: '203.0.113.44' }],
      });
      expect(strFromU8(files['files/id-document.pdf']!)).toContain('Ornella passport');
      // Nothing of another member.
      for (const theirs of [stranger.email, 'Strangelove', 'Outsider', '054-9990000', 'Stranger question', 'from=stranger'])
        expect(text).not.toContain(theirs);

      // Another member, an admin or a visitor never get it.
      const admin = await createUser(t.db, { role: 'admin' });
      const adminCookie = await signIn(t.app, admin.email);
      expect((await injectAs(t.app, strangerCookie, { method: 'GET', url: ready.downloadUrl })).statusCode).toBe(404);
      expect((await injectAs(t.app, adminCookie, { method: 'GET', url: ready.downloadUrl })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: ready.downloadUrl })).statusCode).toBe(401);
      expect((await injectAs(t.app, strangerCookie, { method: 'GET', url: '/api/my-data/exports' })).json().exports).toEqual([]);
    });

    it('stops serving an archive once it expires, and removes its file', async () => {
      const member = await createUser(t.db);
      const cookie = await signIn(t.app, member.email);
      const { id } = (await injectAs(t.app, cookie, { method: 'POST', url: '/api/my-data/exports' })).json();
      await runDataExports(jobs());
      const row = await eventually(async () => {
        const [built] = await t.db.select().from(dataExports).where(eq(dataExports.id, id));
        return built?.status === 'ready' ? built : null;
      });
      expect(await t.storage.exists(row.storageKey!)).toBe(true);
      await t.db
        .update(dataExports)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(dataExports.id, id));

      const gone = await injectAs(t.app, cookie, { method: 'GET', url: `/api/my-data/exports/${id}/download` });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error.code).toBe('data_export_expired');
      const listed = (await injectAs(t.app, cookie, { method: 'GET', url: '/api/my-data/exports' })).json().exports[0];
      expect(listed).toMatchObject({ status: 'expired', downloadUrl: null });

      await runDataExports(jobs());
      const [expired] = await t.db.select().from(dataExports).where(eq(dataExports.id, id));
      expect(expired?.status).toBe('expired');
      expect(await t.storage.exists(row.storageKey!)).toBe(false);
    });

    it('allows a few requests a day', async () => {
      const member = await createUser(t.db);
      const cookie = await signIn(t.app, member.email);
      for (let i = 0; i < 3; i++) {
        expect((await injectAs(t.app, cookie, { method: 'POST', url: '/api/my-data/exports' })).statusCode).toBe(202);
        await t.db.update(dataExports).set({ status: 'ready' }).where(eq(dataExports.userId, member.id));
      }
      const refused = await injectAs(t.app, cookie, { method: 'POST', url: '/api/my-data/exports' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('data_export_limit_reached');
    });
  });

  describe('delete my account', () => {
    const close = (cookie: string, password = 'Passw0rd!') =>
      injectAs(t.app, cookie, { method: 'POST', url: '/api/account/close', payload: { password } });

    it('asks for the password again', async () => {
      const member = await createUser(t.db);
      const cookie = await signIn(t.app, member.email);
      const wrong = await close(cookie, 'not-my-password');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.code).toBe('password_incorrect');
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/account/close', headers: writeHeaders, payload: { password: 'x' } })).statusCode,
      ).toBe(401);
    });

    it('is refused while a stay is ahead, as a guest or as a host, and once cancelled is allowed', async () => {
      const host = await createUser(t.db, { role: 'host' });
      const guest = await createUser(t.db);
      const listing = await createProperty(t.db, { hostId: host.id });
      const stay = await createBooking(t.db, {
        propertyId: listing.id,
        guestId: guest.id,
        checkIn: daysFromNow(10),
        checkOut: daysFromNow(13),
      });
      for (const person of [guest, host]) {
        const refused = await close(await signIn(t.app, person.email));
        expect(refused.statusCode, person.role).toBe(409);
        expect(refused.json().error.code).toBe('account_stay_ahead');
      }
      // Refused means nothing changed: the host's listing is still published.
      const [still] = await t.db.select({ status: properties.status }).from(properties).where(eq(properties.id, listing.id));
      expect(still?.status).toBe('approved');
      // A stay cancelled holds nothing any more.
      await t.db.update(bookings).set({ status: 'cancelled', paymentStatus: 'cancelled' }).where(eq(bookings.id, stay.id));
      expect((await close(await signIn(t.app, guest.email))).statusCode).toBe(200);
    });

    it('is refused while a host owes service fees', async () => {
      const host = await createUser(t.db, { role: 'host' });
      const listing = await createProperty(t.db, { hostId: host.id });
      const past = await createBooking(t.db, {
        propertyId: listing.id,
        checkIn: daysFromNow(-9),
        checkOut: daysFromNow(-6),
        status: 'completed',
      });
      await recordLedgerTransaction(
        t.db,
        { key: `fee:${past.id}`, kind: 'fee_on_arrival', bookingId: past.id, hostId: host.id },
        onArrivalFeeLines(150),
      );
      const refused = await close(await signIn(t.app, host.email));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('account_money_owed');
    });

    it('closes at once: sessions end, nobody signs in, listings leave search; admins see the request; the job erases it later', async () => {
      const host = await createUser(t.db, { role: 'host', firstName: 'Closing', lastName: 'Hostperson' });
      const listing = await createProperty(t.db, { hostId: host.id });
      const cookie = await signIn(t.app, host.email);
      const otherDevice = await signIn(t.app, host.email);
      const closed = await close(cookie);
      expect(closed.statusCode).toBe(200);
      const eraseAfter = new Date(closed.json().eraseAfter);
      expect(eraseAfter.getTime() - Date.now()).toBeGreaterThan(13 * 24 * 3600_000);
      expect(eraseAfter.getTime() - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600_000);

      expect((await injectAs(t.app, otherDevice, { method: 'GET', url: '/api/session' })).json().user).toBeNull();
      // Their public profile is gone with the account.
      const viewer = await signIn(t.app, (await createUser(t.db)).email);
      expect((await injectAs(t.app, viewer, { method: 'GET', url: `/api/people/${host.id}` })).statusCode).toBe(404);
      const signInAgain = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: writeHeaders,
        payload: { email: host.email, password: 'Passw0rd!' },
      });
      expect(signInAgain.statusCode).toBe(401);
      const [paused] = await t.db.select({ status: properties.status }).from(properties).where(eq(properties.id, listing.id));
      expect(paused?.status).toBe('paused');
      const [mail] = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, host.email));
      expect(mail?.subject).toBe('Your Lina account is closed');

      const admin = await createUser(t.db, { role: 'admin' });
      const adminCookie = await signIn(t.app, admin.email);
      const listed = (await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/admin/account-deletions' })).json().deletions;
      expect(listed.find((row: { userId: string }) => row.userId === host.id)).toMatchObject({
        status: 'closed',
        role: 'host',
        name: 'Closing Hostperson',
        email: host.email,
      });

      // Not before its time; then erased, and the admins' row keeps only its state.
      await runAccountErasures(jobs());
      const [waiting] = await t.db.select().from(accountDeletions).where(eq(accountDeletions.userId, host.id));
      expect(waiting?.status).toBe('closed');
      await t.db
        .update(accountDeletions)
        .set({ eraseAfter: new Date(Date.now() - 1000) })
        .where(eq(accountDeletions.userId, host.id));
      // A namesake who wrote to us keeps their message: names are only removed where tied to the member.
      await t.db
        .insert(contactMessages)
        .values({ name: 'Closing Hostperson', email: 'namesake@example.net', subject: 'Hi', message: 'A question' });
      expect(await runAccountErasures(jobs())).toBeGreaterThanOrEqual(1);
      const [namesake] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'namesake@example.net'));
      expect(namesake?.name).toBe('Closing Hostperson');
      const after = (await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/admin/account-deletions' })).json().deletions;
      expect(after.find((row: { userId: string }) => row.userId === host.id)).toMatchObject({ status: 'erased', name: null, email: null });
      const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, host.id));
      expect(user?.email).toBe(`erased-${host.id}@erased.invalid`);
    });
  });
});
