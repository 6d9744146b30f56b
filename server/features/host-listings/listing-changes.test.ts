import { addMonthsIso } from '../../../core/stay-months.ts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, platformSettings } from '../../db/schema.ts';
import { createPlace, createUser, daysFromNow, type Place } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/** Edits to a published listing wait for an admin; the approved version stays what guests see. */
describe('listing changes', () => {
  let t: TestContext;
  let host: string;
  let guest: string;
  let admin: string;
  let city: Place;
  let png: Buffer;
  let jpeg: Buffer;

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (cookie: string, id: number, body: Buffer) =>
    injectAs(t.app, cookie, {
      method: 'POST',
      url: `/api/host/listings/${id}/photos`,
      payload: body,
      headers: { 'content-type': 'image/png' },
    });
  const mailbox = async () => (await t.app.inject('/api/dev/mailbox')).json() as { to: string; subject: string; text: string }[];
  const publicView = async (id: number) => (await call(guest, 'GET', `/api/properties/${id}`)).json();
  const changesOf = async (id: number) =>
    (await call(admin, 'GET', '/api/admin/verifications')).json().listingChanges.find((change: { id: number }) => change.id === id);

  /** A published sublet with one photo (auto-approval publishes it at once). */
  async function publishedSublet(): Promise<number> {
    const { id } = (await call(host, 'POST', '/api/host/listings', { propertyType: 'sublet' })).json();
    await call(host, 'PATCH', `/api/host/listings/${id}`, {
      titleEn: 'Bright flat in Florentin',
      titleHe: 'דירה מוארת בפלורנטין',
      descriptionEn: 'A quiet two-room flat near the market, with a balcony and fast wifi.',
      descriptionHe: 'דירת שני חדרים שקטה ליד השוק, עם מרפסת ואינטרנט מהיר מאוד.',
      placeId: city.id,
      address: '12 Florentin St',
      pricePerMonth: 7000,
      amenities: ['free_wifi', 'balcony'],
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(300),
      minStayDays: 30,
      maxStayDays: 180,
    });
    expect((await upload(host, id, png)).statusCode).toBe(201);
    expect((await call(host, 'POST', `/api/host/listings/${id}/submit`)).json().status).toBe('approved');
    return id;
  }

  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, {
      email: 'host@example.com',
      firstName: 'Hila',
      profile: { idVerificationStatus: 'verified', isVerified: true },
    });
    await createUser(t.db, { email: 'guest@example.com' });
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    host = await signIn(t.app, 'host@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    admin = await signIn(t.app, 'admin@example.com');
    city = await createPlace(t.db, { nameEn: 'Tel Aviv', nameHe: 'תל אביב' });
    await t.db.insert(platformSettings).values({ key: 'auto_approve_verified_hosts', value: true });
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ef4444' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('keeps the approved title, price and photos live until an admin approves the change; stay limits apply at once', async () => {
    const id = await publishedSublet();
    const livePhoto = (await publicView(id)).photos[0].url as string;

    const edited = await call(host, 'PATCH', `/api/host/listings/${id}`, {
      titleEn: 'Pay the deposit first',
      pricePerMonth: 1_000_000,
      minStayDays: 60,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      titleEn: 'Pay the deposit first',
      pricePerMonth: 1_000_000,
      minStayDays: 60,
      pendingChanges: true,
    });
    const added = (await upload(host, id, jpeg)).json();
    const [oldPhoto, newPhoto] = added.photos.map((photo: { id: number }) => photo.id);
    await call(host, 'PUT', `/api/host/listings/${id}/photos/order`, { photoIds: [newPhoto, oldPhoto] });
    const afterDelete = (await call(host, 'DELETE', `/api/host/listings/${id}/photos/${oldPhoto}`)).json();
    expect(afterDelete.photos.map((photo: { id: number }) => photo.id)).toEqual([newPhoto]);

    // Guests still see the approved version, and a booking is priced by it.
    const live = await publicView(id);
    expect(live).toMatchObject({ title: 'Bright flat in Florentin', pricePerMonth: 7000, minStayDays: 60 });
    expect(live.photos.map((photo: { url: string }) => photo.url)).toEqual([livePhoto]);
    expect((await t.app.inject({ method: 'GET', url: livePhoto })).statusCode).toBe(200);
    // Three months from check-in (whole months, whatever today is: a part-month is priced by its nights).
    const booked = await call(guest, 'POST', '/api/bookings', {
      propertyId: id,
      checkIn: daysFromNow(20),
      checkOut: addMonthsIso(daysFromNow(20), 3),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.propertyId, id));
    expect(booking!.subtotal).toBe(21_000);
    expect(
      (await call(guest, 'POST', '/api/bookings', { propertyId: id, checkIn: daysFromNow(100), checkOut: daysFromNow(130) })).statusCode,
    ).toBe(400);

    const summary = (await call(host, 'GET', '/api/host/listings')).json().listings.find((listing: { id: number }) => listing.id === id);
    expect(summary).toMatchObject({ title: 'Bright flat in Florentin', pendingChanges: true });

    // The admin sees what changed, before and after; stay limits are not part of it.
    const change = await changesOf(id);
    expect(change.changes).toEqual([
      { field: 'titleEn', before: 'Bright flat in Florentin', after: 'Pay the deposit first' },
      { field: 'pricePerMonth', before: 7000, after: 1_000_000 },
    ]);
    expect(change.photos.before).toEqual([livePhoto]);
    expect(change.photos.after).toEqual([afterDelete.photos[0].url]);
    expect(change.host.email).toBe('host@example.com');

    // Rejected: the host is told why, the live version stays, the edits are dropped.
    const rejected = await call(admin, 'POST', `/api/admin/listing-changes/${id}/reject`, { reason: 'The price is not real' });
    expect(rejected.statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/admin/listing-changes/${id}/reject`, { reason: 'Again' })).json().error.code).toBe(
      'already_decided',
    );
    const mail = await eventually(async () =>
      (await mailbox()).find((m) => m.to === 'host@example.com' && m.text.includes('The price is not real')),
    );
    expect(mail.subject).toContain('Bright flat in Florentin');
    expect(await publicView(id)).toMatchObject({ title: 'Bright flat in Florentin', pricePerMonth: 7000 });
    const afterReject = (await call(host, 'GET', `/api/host/listings/${id}`)).json();
    expect(afterReject).toMatchObject({
      titleEn: 'Bright flat in Florentin',
      pricePerMonth: 7000,
      minStayDays: 60,
      pendingChanges: false,
      changesRejectionReason: 'The price is not real',
    });
    expect(afterReject.photos.map((photo: { url: string }) => photo.url)).toEqual([livePhoto]);
    // The photo that was only part of the rejected edit is gone from storage.
    expect((await t.app.inject({ method: 'GET', url: afterDelete.photos[0].url })).statusCode).toBe(404);
    expect(await changesOf(id)).toBeUndefined();
  });

  it('holds new fees and a new policy for review, like a price: guests see the approved ones until an admin approves', async () => {
    const id = await publishedSublet();
    const before = (await publicView(id)).fees;
    expect(before).toMatchObject({ cleaningFee: 0, securityDeposit: 0 });

    const edited = await call(host, 'PATCH', `/api/host/listings/${id}`, {
      cleaningFee: 300,
      securityDeposit: 2000,
      monthlyDiscountPercent: 15,
      cancellationPolicy: 'strict',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ cleaningFee: 300, securityDeposit: 2000, monthlyDiscountPercent: 15, pendingChanges: true });
    expect((await publicView(id)).fees).toEqual(before);
    expect((await publicView(id)).cancellationPolicy).toBe('moderate');

    const change = await changesOf(id);
    expect(change.changes).toEqual([
      { field: 'cleaningFee', before: 0, after: 300 },
      { field: 'securityDeposit', before: 0, after: 2000 },
      { field: 'monthlyDiscountPercent', before: 0, after: 15 },
      { field: 'cancellationPolicy', before: 'moderate', after: 'strict' },
    ]);
    const approved = await call(admin, 'POST', `/api/admin/listing-changes/${id}/approve`, { version: change.version });
    expect(approved.statusCode).toBe(200);
    const live = await publicView(id);
    expect(live.fees).toMatchObject({ cleaningFee: 300, securityDeposit: 2000, monthlyDiscountPercent: 15 });
    expect(live.cancellationPolicy).toBe('strict');
  });

  it('publishes the change once approved: new title and photos, the old photo removed', async () => {
    const id = await publishedSublet();
    const livePhoto = (await publicView(id)).photos[0].url as string;
    await call(host, 'PATCH', `/api/host/listings/${id}`, { titleEn: 'Brighter flat in Florentin' });
    const added = (await upload(host, id, jpeg)).json();
    const [oldPhoto, newPhoto] = added.photos.map((photo: { id: number }) => photo.id);
    await call(host, 'DELETE', `/api/host/listings/${id}/photos/${oldPhoto}`);
    expect((await publicView(id)).title).toBe('Bright flat in Florentin');

    // The host edits again after the admin opened the queue: approving the version seen publishes nothing.
    const seen = (await changesOf(id)).version;
    await call(host, 'PATCH', `/api/host/listings/${id}`, { titleHe: 'דירה מוארת יותר בפלורנטין' });
    const stale = await call(admin, 'POST', `/api/admin/listing-changes/${id}/approve`, { version: seen });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'changes_outdated']);
    expect((await publicView(id)).title).toBe('Bright flat in Florentin');
    expect(
      (await call(admin, 'POST', `/api/admin/listing-changes/${id}/approve`, { version: (await changesOf(id)).version })).statusCode,
    ).toBe(200);
    const live = await publicView(id);
    expect(live.title).toBe('Brighter flat in Florentin');
    expect(live.photos.map((photo: { url: string }) => photo.url)).toEqual([added.photos[1].url]);
    expect((await t.app.inject({ method: 'GET', url: livePhoto })).statusCode).toBe(404);
    const view = (await call(host, 'GET', `/api/host/listings/${id}`)).json();
    expect(view).toMatchObject({ titleEn: 'Brighter flat in Florentin', pendingChanges: false });
    expect(view.photos.map((photo: { id: number }) => photo.id)).toEqual([newPhoto]);
    await eventually(async () =>
      (await mailbox()).find((m) => m.to === 'host@example.com' && m.subject.includes('Brighter flat in Florentin')),
    );
  });

  it('drops a change the host undoes, and refuses a change that would leave the listing incomplete', async () => {
    const id = await publishedSublet();
    await call(host, 'PATCH', `/api/host/listings/${id}`, { titleEn: 'Something else' });
    expect((await call(host, 'GET', `/api/host/listings/${id}`)).json().pendingChanges).toBe(true);
    const undone = (await call(host, 'PATCH', `/api/host/listings/${id}`, { titleEn: 'Bright flat in Florentin' })).json();
    expect(undone.pendingChanges).toBe(false);
    expect(await changesOf(id)).toBeUndefined();

    const emptied = await call(host, 'PATCH', `/api/host/listings/${id}`, { descriptionEn: 'short' });
    expect([emptied.statusCode, emptied.json().error.code]).toEqual([400, 'listing_incomplete']);
    // Pausing needs no review.
    expect((await call(host, 'POST', `/api/host/listings/${id}/pause`)).json().status).toBe('paused');
  });

  it('applies the Shabbat rule and the check-in time of a published listing at once: they limit dates, like the stay limits', async () => {
    const id = await publishedSublet();
    const saved = await call(host, 'PATCH', `/api/host/listings/${id}`, { keepsShabbat: true, checkInTime: '14:30' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ keepsShabbat: true, checkInTime: '14:30', pendingChanges: false });
    expect(await publicView(id)).toMatchObject({ keepsShabbat: true, checkInTime: '14:30' });
    const bad = await call(host, 'PATCH', `/api/host/listings/${id}`, { checkInTime: '25:00' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'validation_failed']);
  });
});
