import type { homeAmenities, hotelAmenities } from './constants.ts';

/**
 * Each amenity's bit in a listing's `amenity_bits` (server/db/schema.ts), so that search tests
 * "has every selected amenity" inside its covering indexes: `(~amenity_bits & mask) = 0` (every asked-for bit set).
 *
 * Bits are assigned here by hand and never reused: a new amenity takes the next free bit, a removed
 * one leaves its bit unused. Renumbering would silently change what stored rows mean. The SQL
 * function `amenity_mask(text[])` (drizzle/0014_search_bitmask.sql, redefined with each new amenity: latest in the contact_masking_accessibility migration) says the same and a test checks
 * that both agree. Bits stay below 53 so the column reads back exactly as a JavaScript number.
 */
export const amenityBits = {
  free_wifi: 0,
  swimming_pool: 1,
  gym: 2,
  spa: 3,
  restaurant: 4,
  room_service: 5,
  business_center: 6,
  parking: 7,
  air_conditioning: 8,
  pet_friendly: 9,
  airport_shuttle: 10,
  breakfast_included: 11,
  kitchen: 12,
  washer: 13,
  dryer: 14,
  dishwasher: 15,
  balcony: 16,
  elevator: 17,
  workspace: 18,
  tv: 19,
  heating: 20,
  safe_room: 21,
  sea_view: 22,
  garden: 23,
  crib: 24,
  shabbat_elevator: 25,
  kosher_kitchen: 26,
  step_free_entrance: 27,
  wide_doorways: 28,
  accessible_bathroom: 29,
  accessible_parking: 30,
} as const satisfies Record<(typeof hotelAmenities)[number] | (typeof homeAmenities)[number], number>;

export type AmenityKey = keyof typeof amenityBits;

/** The highest bit a mask may use: beyond it a JavaScript number loses bits. */
export const maxAmenityBit = 52;

/** The bits of these amenities together; unknown keys add nothing. */
export function amenityMask(keys: readonly string[]): number {
  let mask = 0;
  for (const key of keys) {
    const bit = (amenityBits as Record<string, number>)[key];
    // 2 ** bit rather than 1 << bit: shifts in JavaScript are 32-bit.
    if (bit !== undefined && Math.floor(mask / 2 ** bit) % 2 === 0) mask += 2 ** bit;
  }
  return mask;
}

/**
 * A listing is Shabbat-friendly when it has any of these (the results' Shabbat-friendly filter):
 * amenities, so that the filter is one bit test inside the covering search indexes.
 */
export const shabbatFriendlyAmenities = ['shabbat_elevator', 'kosher_kitchen'] as const satisfies readonly AmenityKey[];
