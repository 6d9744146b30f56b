import { noFees } from '../../../core/listing-fees.ts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings, properties, users } from '../../db/schema.ts';
import { createBooking, createPlace, createProperty, createUser, daysFromNow, type Place } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';
import { pixelBomb } from '../../test/test-images.ts';

describe('host listings', () => {
  let t: TestContext;
  let verified: string;
  let unverified: string;
  let stranger: string;
  let city: Place;
  let neighbourhood: Place;
  let region: Place;
  let png: Buffer;

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (cookie: string, id: number, body: Buffer, type = 'image/png') =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/host/listings/${id}/photos`, payload: body, headers: { 'content-type': type } });

  /** Every field a sublet needs to be submitted. */
  const completeSublet = () => ({
    titleEn: 'Bright flat in Florentin',
    titleHe: 'דירה מוארת בפלורנטין',
    descriptionEn: 'A quiet two-room flat near the market, with a balcony and fast wifi.',
    descriptionHe: 'דירת שני חדרים שקטה ליד השוק, עם מרפסת ואינטרנט מהיר מאוד.',
    placeId: neighbourhood.id,
    address: '12 Florentin St',
    pricePerMonth: 7000,
    amenities: ['free_wifi', 'balcony'],
    houseRules: ['no_smoking'],
    availableFrom: daysFromNow(10),
    availableUntil: daysFromNow(200),
    minStayDays: 30,
    maxStayDays: 180,
  });

  const setAutoApprove = (value: boolean) =>
    t.db
      .insert(platformSettings)
      .values({ key: 'auto_approve_verified_hosts', value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value } });

  async function readySublet(cookie: string) {
    const created = (await call(cookie, 'POST', '/api/host/listings', { propertyType: 'sublet' })).json();
    await call(cookie, 'PATCH', `/api/host/listings/${created.id}`, completeSublet());
    expect((await upload(cookie, created.id, png)).statusCode).toBe(201);
    return created.id as number;
  }

  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'verified@example.com', profile: { idVerificationStatus: 'verified', isVerified: true } });
    await createUser(t.db, { email: 'unverified@example.com' });
    await createUser(t.db, { email: 'stranger@example.com', role: 'host' });
    verified = await signIn(t.app, 'verified@example.com');
    unverified = await signIn(t.app, 'unverified@example.com');
    stranger = await signIn(t.app, 'stranger@example.com');
    region = await createPlace(t.db, { kind: 'region', nameEn: 'Centre', nameHe: 'מרכז' });
    city = await createPlace(t.db, { nameEn: 'Tel Aviv', nameHe: 'תל אביב', parentId: region.id });
    neighbourhood = await createPlace(t.db, { kind: 'neighbourhood', nameEn: 'Florentin', nameHe: 'פלורנטין', parentId: city.id });
    png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('refuses visitors on every route (401)', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/host/listings'],
      ['GET', '/api/host/earnings'],
      ['GET', '/api/host/earnings.csv'],
      ['POST', '/api/host/listings'],
      ['GET', '/api/host/listings/1'],
      ['PATCH', '/api/host/listings/1'],
      ['POST', '/api/host/listings/1/submit'],
      ['POST', '/api/host/listings/1/pause'],
      ['POST', '/api/host/listings/1/resume'],
      ['POST', '/api/host/listings/1/photos'],
      ['PUT', '/api/host/listings/1/photos/order'],
      ['DELETE', '/api/host/listings/1/photos/1'],
      ['GET', '/api/host/listings/1/calendar'],
      ['POST', '/api/host/listings/1/blocks'],
      ['DELETE', '/api/host/listings/1/blocks/1'],
      ['GET', '/api/host/listings/1/price-rules'],
      ['POST', '/api/host/listings/1/price-rules'],
      ['DELETE', '/api/host/listings/1/price-rules/1'],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: writeHeaders,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, url, response.statusCode, response.json().error.code]).toEqual([method, url, 401, 'unauthenticated']);
    }
  });

  it('starts a draft, makes a guest a host, and saves each step', async () => {
    const created = await call(unverified, 'POST', '/api/host/listings', { propertyType: 'rental' });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ status: 'draft', propertyType: 'rental', titleEn: '', placeId: null, place: null, photos: [] });
    const [user] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, 'unverified@example.com'));
    expect(user?.role).toBe('host');

    const step = await call(unverified, 'PATCH', `/api/host/listings/${draft.id}`, {
      titleEn: '  Sea view flat ',
      placeId: neighbourhood.id,
      pricePerWeek: 2400,
      leaseOptions: ['1 month', '3 months'],
      petFriendly: true,
      swapAvailable: true,
    });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({
      titleEn: 'Sea view flat',
      placeId: neighbourhood.id,
      place: { nameEn: 'Florentin', nameHe: 'פלורנטין', label: 'Florentin, Tel Aviv' },
      pricePerWeek: 2400,
      leaseOptions: ['1 month', '3 months'],
      petFriendly: true,
      swapAvailable: true,
    });
    const [stored] = await t.db.select({ cityId: properties.cityId }).from(properties).where(eq(properties.id, draft.id));
    expect(stored?.cityId).toBe(city.id);

    const list = (await call(unverified, 'GET', '/api/host/listings?lang=he')).json();
    expect(list.listings).toEqual([
      expect.objectContaining({ id: draft.id, status: 'draft', title: 'Sea view flat', location: 'פלורנטין, תל אביב' }),
    ]);
  });

  it('refuses invalid values while saving a draft, with the field named', async () => {
    const { id } = (await call(unverified, 'POST', '/api/host/listings', { propertyType: 'hotel' })).json();
    const cases: [unknown, string, string][] = [
      [{ placeId: region.id }, 'invalid_place', 'placeId'],
      [{ placeId: 999_999 }, 'invalid_place', 'placeId'],
      [{ minStayDays: 30, maxStayDays: 7 }, 'validation_failed', 'maxStayDays'],
      [{ availableFrom: daysFromNow(20), availableUntil: daysFromNow(5) }, 'validation_failed', 'availableUntil'],
      [{ amenities: ['jacuzzi'] }, 'validation_failed', 'amenities.0'],
      [{ starRating: 6 }, 'validation_failed', 'starRating'],
      [{ pricePerNight: -5 }, 'validation_failed', 'pricePerNight'],
    ];
    for (const [body, code, field] of cases) {
      const response = await call(unverified, 'PATCH', `/api/host/listings/${id}`, body);
      expect(
        [response.statusCode, response.json().error.code, Object.keys(response.json().error.fields ?? {})],
        JSON.stringify(body),
      ).toEqual([400, code, [field]]);
    }
  });

  it('saves the fees, discounts and cancellation policy, within the limits of core/quote.ts feeLimits', async () => {
    const { id } = (await call(unverified, 'POST', '/api/host/listings', { propertyType: 'rental', maxGuests: 4 })).json();
    const fees = {
      cleaningFee: 250,
      securityDeposit: 1500,
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 25,
      extraGuestFee: 80,
      guestsIncluded: 2,
      cancellationPolicy: 'strict',
    };
    const saved = await call(unverified, 'PATCH', `/api/host/listings/${id}`, fees);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(fees);
    expect((await call(unverified, 'GET', `/api/host/listings/${id}`)).json()).toMatchObject(fees);

    // A new draft starts with no fees and the default policy.
    const fresh = (await call(unverified, 'POST', '/api/host/listings', { propertyType: 'hotel', cleaningFee: 90 })).json();
    expect(fresh).toMatchObject({ ...noFees, cleaningFee: 90, cancellationPolicy: 'moderate' });

    const cases: [unknown, string][] = [
      [{ cleaningFee: 10_001 }, 'cleaningFee'],
      [{ cleaningFee: -1 }, 'cleaningFee'],
      [{ cleaningFee: 12.5 }, 'cleaningFee'],
      [{ securityDeposit: 50_001 }, 'securityDeposit'],
      [{ weeklyDiscountPercent: 61 }, 'weeklyDiscountPercent'],
      [{ monthlyDiscountPercent: -5 }, 'monthlyDiscountPercent'],
      [{ extraGuestFee: 2_001 }, 'extraGuestFee'],
      [{ guestsIncluded: 0 }, 'guestsIncluded'],
      [{ cancellationPolicy: 'long_stay' }, 'cancellationPolicy'],
      [{ cancellationPolicy: 'lenient' }, 'cancellationPolicy'],
      // A home cannot include more guests in its price than it sleeps.
      [{ guestsIncluded: 5 }, 'guestsIncluded'],
      [{ maxGuests: 1 }, 'guestsIncluded'],
    ];
    for (const [body, field] of cases) {
      const response = await call(unverified, 'PATCH', `/api/host/listings/${id}`, body);
      expect(
        [response.statusCode, response.json().error.code, Object.keys(response.json().error.fields ?? {})],
        JSON.stringify(body),
      ).toEqual([400, 'validation_failed', [field]]);
    }
    expect((await call(unverified, 'GET', `/api/host/listings/${id}`)).json()).toMatchObject(fees);
  });

  it('hides a listing from everyone but its host (404)', async () => {
    const { id } = (await call(unverified, 'POST', '/api/host/listings', { propertyType: 'sublet' })).json();
    const photoId = 1;
    const attempts = [
      call(stranger, 'GET', `/api/host/listings/${id}`),
      call(stranger, 'PATCH', `/api/host/listings/${id}`, { titleEn: 'Mine now' }),
      call(stranger, 'POST', `/api/host/listings/${id}/submit`),
      call(stranger, 'POST', `/api/host/listings/${id}/pause`),
      upload(stranger, id, png),
      call(stranger, 'PUT', `/api/host/listings/${id}/photos/order`, { photoIds: [] }),
      call(stranger, 'DELETE', `/api/host/listings/${id}/photos/${photoId}`),
      call(stranger, 'GET', `/api/host/listings/${id}/calendar`),
      call(stranger, 'POST', `/api/host/listings/${id}/blocks`, { startDate: daysFromNow(5), endDate: daysFromNow(8) }),
      call(stranger, 'DELETE', `/api/host/listings/${id}/blocks/1`),
    ];
    for (const response of await Promise.all(attempts))
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'listing_not_found']);
    expect((await call(stranger, 'GET', '/api/host/listings')).json().listings.map((l: { id: number }) => l.id)).not.toContain(id);
    expect((await call(unverified, 'GET', `/api/host/listings/${id}`)).json().titleEn).toBe('');
  });

  it('lets only an ID-verified host submit, and only a complete listing', async () => {
    const mine = (await call(unverified, 'POST', '/api/host/listings', { propertyType: 'sublet', ...completeSublet() })).json();
    await upload(unverified, mine.id, png);
    const refused = await call(unverified, 'POST', `/api/host/listings/${mine.id}/submit`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'id_not_verified']);

    const { id } = (await call(verified, 'POST', '/api/host/listings', { propertyType: 'hotel', titleEn: 'Hotel' })).json();
    const incomplete = await call(verified, 'POST', `/api/host/listings/${id}/submit`);
    expect([incomplete.statusCode, incomplete.json().error.code]).toEqual([400, 'listing_incomplete']);
    expect(incomplete.json().error.fields).toEqual({
      titleHe: 'required',
      descriptionEn: 'required',
      descriptionHe: 'required',
      placeId: 'required',
      address: 'required',
      pricePerNight: 'required',
      starRating: 'required',
      roomCount: 'required',
      photos: 'required',
    });
  });

  it("refuses to save a wizard step with the wizard's own problems: missing, wordless or too short", async () => {
    const created = await call(verified, 'POST', '/api/host/listings', { propertyType: 'sublet', placeId: null, address: ' ' });
    expect([created.statusCode, created.json().error.code]).toEqual([400, 'validation_failed']);
    expect(created.json().error.fields).toEqual({ placeId: 'required', address: 'required' });

    const { id } = (await call(verified, 'POST', '/api/host/listings', { propertyType: 'sublet' })).json();
    const describe = { titleEn: 'A quiet flat', titleHe: 'דירה שקטה', descriptionEn: 'x'.repeat(3) + '.....', descriptionHe: 'Too short' };
    const saved = await call(verified, 'PATCH', `/api/host/listings/${id}`, { ...describe, titleHe: '' });
    expect([saved.statusCode, saved.json().error.code]).toEqual([400, 'validation_failed']);
    expect(saved.json().error.fields).toEqual({ titleHe: 'required', descriptionEn: 'too_short', descriptionHe: 'too_short' });
    const wordless = await call(verified, 'PATCH', `/api/host/listings/${id}`, { descriptionEn: '12345' });
    expect(wordless.json().error.fields).toEqual({ descriptionEn: 'no_words' });
    // The details step of a sublet needs its monthly price; fields a step does not send are not judged.
    const details = await call(verified, 'PATCH', `/api/host/listings/${id}`, { pricePerMonth: null, bedrooms: 2 });
    expect(details.json().error.fields).toEqual({ pricePerMonth: 'required' });
    expect((await call(verified, 'PATCH', `/api/host/listings/${id}`, { bedrooms: 2 })).statusCode).toBe(200);
  });

  it('submits for review, then follows the status rules (pause only when approved)', async () => {
    await setAutoApprove(false);
    const id = await readySublet(verified);
    const submitted = await call(verified, 'POST', `/api/host/listings/${id}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', publishedAt: null });
    for (const action of ['submit', 'pause', 'resume']) {
      const again = await call(verified, 'POST', `/api/host/listings/${id}/${action}`);
      expect([action, again.statusCode, again.json().error.code]).toEqual([action, 409, 'listing_status_changed']);
    }
    // Not public until approved.
    expect((await call(stranger, 'GET', `/api/properties/${id}`)).statusCode).toBe(404);
    // A rejected listing can be fixed and sent again.
    await t.db.update(properties).set({ status: 'rejected', rejectionReason: 'Blurry photos' }).where(eq(properties.id, id));
    const resubmitted = (await call(verified, 'POST', `/api/host/listings/${id}/submit`)).json();
    expect(resubmitted).toMatchObject({ status: 'submitted', rejectionReason: null });
  });

  it('publishes at once with auto-approval on; pauses and resumes; keeps a published listing complete', async () => {
    await setAutoApprove(true);
    const id = await readySublet(verified);
    const approved = (await call(verified, 'POST', `/api/host/listings/${id}/submit`)).json();
    expect(approved.status).toBe('approved');
    expect(approved.publishedAt).not.toBeNull();
    expect((await call(stranger, 'GET', `/api/properties/${id}`)).statusCode).toBe(200);

    expect((await call(verified, 'POST', `/api/host/listings/${id}/pause`)).json().status).toBe('paused');
    // Published once and paused: gone for now (410, issue 41), back when resumed.
    expect((await call(stranger, 'GET', `/api/properties/${id}`)).statusCode).toBe(410);
    expect((await call(verified, 'POST', `/api/host/listings/${id}/resume`)).json().status).toBe('approved');
    // Instant booking is the host's own call, like the stay limits: on the guests' page at once.
    expect((await call(verified, 'GET', `/api/host/listings/${id}`)).json().instantBooking).toBe(false);
    expect((await call(verified, 'PATCH', `/api/host/listings/${id}`, { instantBooking: true })).json().instantBooking).toBe(true);
    expect((await call(stranger, 'GET', `/api/properties/${id}`)).json().instantBooking).toBe(true);

    const emptied = await call(verified, 'PATCH', `/api/host/listings/${id}`, { titleHe: '' });
    expect([emptied.statusCode, emptied.json().error.code, emptied.json().error.fields]).toEqual([
      400,
      'listing_incomplete',
      { titleHe: 'required' },
    ]);
    const retyped = await call(verified, 'PATCH', `/api/host/listings/${id}`, { propertyType: 'hotel' });
    expect([retyped.statusCode, retyped.json().error.code]).toEqual([409, 'listing_type_locked']);
    expect((await call(verified, 'PATCH', `/api/host/listings/${id}`, { pricePerMonth: 7500 })).json().pricePerMonth).toBe(7500);
    await setAutoApprove(false);
  });

  it('stores content-checked photos resized, reorders them, picks the cover and deletes', async () => {
    const { id } = (await call(verified, 'POST', '/api/host/listings', { propertyType: 'sublet' })).json();
    const first = await upload(verified, id, png);
    expect(first.statusCode).toBe(201);
    const photo = first.json().photos[0];
    const gallery = await sharp(Buffer.from((await t.app.inject({ method: 'GET', url: photo.url })).rawPayload)).metadata();
    const card = await sharp(Buffer.from((await t.app.inject({ method: 'GET', url: photo.cardUrl })).rawPayload)).metadata();
    expect([gallery.format, gallery.width, gallery.height]).toEqual(['webp', 1600, 1067]);
    expect([card.format, card.width]).toEqual(['webp', 640]);
    // The AVIF and WebP variants are stored with the upload, none wider than the stored photo.
    expect(photo).toMatchObject({ url: expect.any(String) });
    const variants = [320, 640, 960, 1280, 1600].flatMap((width) =>
      ['avif', 'webp'].map((format) => `${photo.url}.w${width}.v1.${format}`),
    );
    for (const url of variants) expect(await t.storage.exists(url.replace('/api/media/', ''))).toBe(true);
    const avif = await sharp(Buffer.from((await t.app.inject({ method: 'GET', url: variants[2]! })).rawPayload)).metadata();
    expect([avif.format, avif.width, avif.height]).toEqual(['heif', 640, 427]);

    // Whatever the browser claims, the content decides.
    for (const [body, type] of [
      [Buffer.from('%PDF-1.4 not a photo'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
      [Buffer.concat([png.subarray(0, 40), Buffer.alloc(100)]), 'image/png'],
    ] as const) {
      const refused = await upload(verified, id, body, type);
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'invalid_image']);
    }
    // A decompression bomb is refused before it is decoded, with its own reason.
    const bomb = await upload(verified, id, pixelBomb());
    expect([bomb.statusCode, bomb.json().error.code]).toEqual([400, 'image_too_large']);
    const tooBig = await upload(verified, id, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);

    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ef4444' } })
      .jpeg()
      .toBuffer();
    const [a, b, c] = (await upload(verified, id, jpeg), await upload(verified, id, png)).json().photos.map((p: { id: number }) => p.id);
    expect(a).toBe(photo.id);

    const reordered = await call(verified, 'PUT', `/api/host/listings/${id}/photos/order`, { photoIds: [c, a, b] });
    expect(reordered.json().photos.map((p: { id: number }) => p.id)).toEqual([c, a, b]);
    for (const photoIds of [
      [c, a],
      [c, a, b, b],
      [c, a, 999_999],
    ]) {
      const wrong = await call(verified, 'PUT', `/api/host/listings/${id}/photos/order`, { photoIds });
      expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'photo_order_mismatch']);
    }
    const afterDelete = (await call(verified, 'DELETE', `/api/host/listings/${id}/photos/${c}`)).json();
    expect(afterDelete.photos.map((p: { id: number }) => p.id)).toEqual([a, b]);
    expect((await t.app.inject({ method: 'GET', url: reordered.json().photos[0].url })).statusCode).toBe(404);
    // Its variants go with it.
    expect(await t.storage.exists(`${reordered.json().photos[0].url.replace('/api/media/', '')}.w320.v1.avif`)).toBe(false);
    expect((await call(verified, 'DELETE', `/api/host/listings/${id}/photos/${c}`)).statusCode).toBe(404);

    const list = (await call(verified, 'GET', '/api/host/listings')).json().listings;
    expect(list.find((l: { id: number }) => l.id === id).coverUrl).toBe(afterDelete.photos[0].url);
  });

  it('keeps the last photo of a published listing', async () => {
    await setAutoApprove(true);
    const id = await readySublet(verified);
    const listing = (await call(verified, 'POST', `/api/host/listings/${id}/submit`)).json();
    const refused = await call(verified, 'DELETE', `/api/host/listings/${id}/photos/${listing.photos[0].id}`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'last_photo']);
    await setAutoApprove(false);
  });

  it('blocks dates on the calendar: bookings refuse them, the property page shows them held', async () => {
    const [host] = await t.db.select().from(users).where(eq(users.email, 'stranger@example.com'));
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId: host!.id,
      minStayDays: 1,
      maxStayDays: 365,
      availableFrom: null,
      availableUntil: null,
    });
    await createUser(t.db, { email: 'booker@example.com' });
    const booker = await signIn(t.app, 'booker@example.com');
    const booked = await call(booker, 'POST', '/api/bookings', {
      propertyId: listing.id,
      checkIn: daysFromNow(30),
      checkOut: daysFromNow(35),
    });
    expect(booked.statusCode).toBe(201);

    const block = await call(stranger, 'POST', `/api/host/listings/${listing.id}/blocks`, {
      startDate: daysFromNow(10),
      endDate: daysFromNow(15),
    });
    expect(block.statusCode).toBe(201);
    const calendar = block.json();
    expect(calendar.blocks).toEqual([{ id: expect.any(Number), startDate: daysFromNow(10), endDate: daysFromNow(15) }]);
    expect(calendar.stays).toEqual([expect.objectContaining({ checkIn: daysFromNow(30), checkOut: daysFromNow(35), status: 'pending' })]);

    for (const [body, status, code] of [
      [{ startDate: daysFromNow(32), endDate: daysFromNow(40) }, 409, 'dates_booked'],
      [{ startDate: daysFromNow(12), endDate: daysFromNow(12) }, 400, 'check_out_not_after_check_in'],
      // Before yesterday is outside the date horizon (core/dates.ts): refused by the contract.
      [{ startDate: daysFromNow(-2), endDate: daysFromNow(3) }, 400, 'validation_failed'],
    ] as const) {
      const refused = await call(stranger, 'POST', `/api/host/listings/${listing.id}/blocks`, body);
      expect([refused.statusCode, refused.json().error.code]).toEqual([status, code]);
    }

    // Another guest: one guest waits on one request per place at a time.
    await createUser(t.db, { email: 'booker2@example.com' });
    const secondBooker = await signIn(t.app, 'booker2@example.com');
    const clash = await call(secondBooker, 'POST', '/api/bookings', {
      propertyId: listing.id,
      checkIn: daysFromNow(14),
      checkOut: daysFromNow(20),
    });
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'dates_unavailable']);
    expect(
      (await call(secondBooker, 'POST', '/api/bookings', { propertyId: listing.id, checkIn: daysFromNow(15), checkOut: daysFromNow(20) }))
        .statusCode,
    ).toBe(201);
    const held = (await call(booker, 'GET', `/api/properties/${listing.id}/held-dates`)).json().held;
    // Consecutive held nights come as one range, whatever holds them.
    expect(held).toEqual([
      { checkIn: daysFromNow(10), checkOut: daysFromNow(20) },
      { checkIn: daysFromNow(30), checkOut: daysFromNow(35) },
    ]);

    const reopened = await call(stranger, 'DELETE', `/api/host/listings/${listing.id}/blocks/${calendar.blocks[0].id}`);
    expect(reopened.json().blocks).toEqual([]);
    await createUser(t.db, { email: 'booker3@example.com' });
    const thirdBooker = await signIn(t.app, 'booker3@example.com');
    expect(
      (await call(thirdBooker, 'POST', '/api/bookings', { propertyId: listing.id, checkIn: daysFromNow(10), checkOut: daysFromNow(14) }))
        .statusCode,
    ).toBe(201);
  });
  it('keeps the calendar to what holds dates: an unanswered request past its deadline neither shows nor stops a block', async () => {
    const [host] = await t.db.select().from(users).where(eq(users.email, 'stranger@example.com'));
    const hotel = await createProperty(t.db, {
      propertyType: 'hotel',
      hostId: host!.id,
      roomCount: 5,
      availableFrom: null,
      availableUntil: null,
    });
    await createBooking(t.db, { propertyId: hotel.id, checkIn: daysFromNow(20), checkOut: daysFromNow(22), rooms: 1, status: 'confirmed' });
    await createBooking(t.db, {
      propertyId: hotel.id,
      checkIn: daysFromNow(40),
      checkOut: daysFromNow(42),
      status: 'pending',
      expiresAt: new Date(Date.now() - 1000),
    });
    const calendar = (await call(stranger, 'GET', `/api/host/listings/${hotel.id}/calendar`)).json();
    expect(calendar.stays).toEqual([
      expect.objectContaining({ checkIn: daysFromNow(20), checkOut: daysFromNow(22), status: 'confirmed', rooms: 1 }),
    ]);
    // A block closes every room of a hotel, so it may not cover a night someone holds.
    const refused = await call(stranger, 'POST', `/api/host/listings/${hotel.id}/blocks`, {
      startDate: daysFromNow(21),
      endDate: daysFromNow(25),
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'dates_booked']);
    expect(
      (await call(stranger, 'POST', `/api/host/listings/${hotel.id}/blocks`, { startDate: daysFromNow(40), endDate: daysFromNow(45) }))
        .statusCode,
    ).toBe(201);
  });
});
