import type { Executor } from '../db/database.ts';
import { createPlace, createProperty, createUser } from '../seed/factories.ts';

/**
 * A place (named `name` in English, "עיר <name>" in Hebrew) with one host's two sublets open all year,
 * any stay from a night to a year: what the result cache tests search, book and change.
 */
export async function createSubletTown(db: Executor, name: string, listing: { pricePerMonth?: number } = {}) {
  const place = await createPlace(db, { nameEn: name, nameHe: `עיר ${name}` });
  const host = await createUser(db, { role: 'host' });
  const sublet = () =>
    createProperty(db, {
      hostId: host.id,
      propertyType: 'sublet',
      placeId: place.id,
      availableFrom: null,
      availableUntil: null,
      minStayDays: 1,
      maxStayDays: 365,
      ...listing,
    });
  const first = await sublet();
  const second = await sublet();
  return { place, host, first, second, ids: [first.id, second.id].sort((a, b) => a - b) };
}
