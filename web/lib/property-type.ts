import type { PropertyType } from '../../core/constants.ts';

/** The /results `type` query value: plural in links, singular forms are also accepted. */
export const resultsTypeParams = ['sublets', 'rentals', 'hotels'] as const;
export type ResultsTypeParam = (typeof resultsTypeParams)[number];

const byParam: Record<string, PropertyType> = {
  sublets: 'sublet',
  sublet: 'sublet',
  rentals: 'rental',
  rental: 'rental',
  hotels: 'hotel',
  hotel: 'hotel',
};

/** The property type a /results `type` value names; missing or unknown means sublets (spec §2). */
export function propertyTypeOfParam(value: string | null | undefined): PropertyType {
  return byParam[(value ?? '').trim().toLowerCase()] ?? 'sublet';
}

export function paramOfPropertyType(type: PropertyType): ResultsTypeParam {
  return type === 'hotel' ? 'hotels' : type === 'rental' ? 'rentals' : 'sublets';
}
