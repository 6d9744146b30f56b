import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostListingLimits } from '../../../core/host-listing-rules.ts';
import { properties } from '../../db/schema.ts';
import { createProperty, createPropertyPhoto, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/** The wizard and the edit page save the Hebrew street address (properties.address_he) beside the English one. */
describe('the Hebrew street address in the wizard', () => {
  let t: TestContext;
  let host: string;
  let hostId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const user = await createUser(t.db, { role: 'host' });
    hostId = user.id;
    host = await signIn(t.app, user.email);
  });
  afterAll(() => t.close());

  const patch = (id: number, payload: object) => injectAs(t.app, host, { method: 'PATCH', url: `/api/host/listings/${id}`, payload });

  it('saves it on a draft with the English one, trimmed, and shows it back', async () => {
    const { id } = (await injectAs(t.app, host, { method: 'POST', url: '/api/host/listings', payload: { propertyType: 'sublet' } })).json();
    const saved = await patch(id, { address: '5 Dizengoff St', addressHe: '  דיזנגוף 5  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ address: '5 Dizengoff St', addressHe: 'דיזנגוף 5' });
    expect((await injectAs(t.app, host, { method: 'GET', url: `/api/host/listings/${id}` })).json().addressHe).toBe('דיזנגוף 5');
    const [row] = await t.db.select({ addressHe: properties.addressHe }).from(properties).where(eq(properties.id, id));
    expect(row!.addressHe).toBe('דיזנגוף 5');
    // Bounded like the English one; cleared with null.
    expect((await patch(id, { addressHe: 'א'.repeat(hostListingLimits.addressMax + 1) })).statusCode).toBe(400);
    expect((await patch(id, { addressHe: 42 })).statusCode).toBe(400);
    expect((await patch(id, { addressHe: null })).json().addressHe).toBeNull();
  });

  it('holds a published listing’s new Hebrew address for review, like the English one', async () => {
    const listing = await createProperty(t.db, {
      hostId,
      propertyType: 'sublet',
      address: '1 Herzl St',
      addressHe: 'הרצל 1',
      descriptionEn: 'A quiet two-room flat near the market, with a balcony and fast wifi.',
      descriptionHe: 'דירת שני חדרים שקטה ליד השוק, עם מרפסת ואינטרנט מהיר מאוד.',
    });
    await createPropertyPhoto(t.db, { propertyId: listing.id });
    const edited = await patch(listing.id, { address: '1 Herzl St', addressHe: 'הרצל 1, קומה 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ pendingChanges: true, addressHe: 'הרצל 1, קומה 2' });
    const [row] = await t.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(row!.addressHe).toBe('הרצל 1');
    expect(row!.pendingChanges?.fields).toEqual({ addressHe: 'הרצל 1, קומה 2' });
    // Approved, it is written like the English one.
    const admin = await createUser(t.db, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    const change = (await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/admin/verifications' }))
      .json()
      .listingChanges.find((c: { id: number }) => c.id === listing.id);
    const approved = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: `/api/admin/listing-changes/${listing.id}/approve`,
      payload: { version: change.version },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [after] = await t.db.select({ addressHe: properties.addressHe }).from(properties).where(eq(properties.id, listing.id));
    expect(after!.addressHe).toBe('הרצל 1, קומה 2');
  });
  it('keeps the Hebrew address the host left as it was when an admin approves a new English one', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    const listing = await createProperty(t.db, {
      hostId,
      propertyType: 'sublet',
      address: '3 Herzl St',
      addressHe: 'הרצל 3',
      descriptionEn: 'A quiet two-room flat near the market, with a balcony and fast wifi.',
      descriptionHe: 'דירת שני חדרים שקטה ליד השוק, עם מרפסת ואינטרנט מהיר מאוד.',
    });
    await createPropertyPhoto(t.db, { propertyId: listing.id });
    // The wizard's basics step sends both fields; only the English one changed.
    expect((await patch(listing.id, { address: '3 Herzl Street', addressHe: 'הרצל 3' })).statusCode).toBe(200);
    const changes = (await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/admin/verifications' }))
      .json()
      .listingChanges.find((change: { id: number }) => change.id === listing.id);
    const approved = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: `/api/admin/listing-changes/${listing.id}/approve`,
      payload: { version: changes.version },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(row).toMatchObject({ address: '3 Herzl Street', addressHe: 'הרצל 3' });
  });
});
