import { z } from 'zod';
import { amenityKeys, propertyTypes, roomsPicker } from './constants.ts';
import { maxPartyChildren, maxPartyGuests } from './party.ts';
import { horizonDateSchema } from './date-schema.ts';
import { languages } from './languages.ts';
import { maxSearchTextLength } from './search-text.ts';
import { bboxProblem, parseBboxText } from './map-area.ts';
import {
  amenitiesOfType,
  defaultSearchSort,
  maxBedroomsFilter,
  maxLocationLength,
  maxSearchPage,
  parsePropertyTypeParam,
  propertyTypeOfParam,
  searchSorts,
  type ResultsFilters,
} from './search-params.ts';

/** 'a,b' or repeated parameters, as one list. */
function listOf<T extends z.ZodType>(item: T) {
  return (
    z
      .union([z.string(), z.array(z.string())])
      .transform((value) =>
        (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(','))
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      )
      // pipe() wants a schema whose input is the strings above; z.array(item)'s input is item's input,
      // which zod cannot narrow to string for a generic T (every caller's item parses strings).
      .pipe(z.array(item) as unknown as z.ZodType<z.output<T>[], string[]>)
  );
}

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
const price = z.coerce.number().int('Prices are whole shekels').min(0).max(10_000_000);

/**
 * One parameter per field of a /results search (core/search-params.ts, ResultsFilters), plus the
 * answer's language. Typed over those fields, so a new filter does not compile until its API
 * parameter is written here (decision 042).
 */
const searchQueryFields = {
  type: z
    .string()
    .optional()
    .refine((value) => value === undefined || parsePropertyTypeParam(value) !== undefined, {
      message: `type must be one of ${propertyTypes.join(', ')} (or their plurals)`,
    })
    .transform((value) => propertyTypeOfParam(value)),
  location: z.string().trim().max(maxLocationLength).optional(),
  checkIn: horizonDateSchema.optional(),
  checkOut: horizonDateSchema.optional(),
  minPrice: price.optional(),
  maxPrice: price.optional(),
  stars: listOf(z.coerce.number().int().min(1).max(5)).optional(),
  /** Of the type's list (hotel or home amenities): checked below. */
  amenities: listOf(z.enum(amenityKeys as [string, ...string[]])).optional(),
  petFriendly: booleanFlag.optional(),
  swapAvailable: booleanFlag.optional(),
  shabbatFriendly: booleanFlag.optional(),
  verifiedPlace: booleanFlag.optional(),
  rooms: z.coerce.number().int().min(1).max(roomsPicker.maxRooms).optional(),
  /** Everyone in the party, children included (core/party.ts). */
  guests: z.coerce.number().int().min(1).max(maxPartyGuests).optional(),
  /** Hotels: each child's age, 0-17 ('4,9'); infants (under 2) take no place. */
  children: listOf(z.coerce.number().int().min(roomsPicker.minChildAge).max(roomsPicker.maxChildAge))
    .pipe(z.array(z.number()).max(maxPartyChildren))
    .optional(),
  /** Sublets and rentals: at least this many bedrooms. */
  bedrooms: z.coerce.number().int().min(1).max(maxBedroomsFilter).optional(),
  /** Sublets with dates: a start up to a week either side of checkIn (core/flexible-dates.ts). */
  flexible: booleanFlag.optional(),
  /** "Search this area": 'west,south,east,north' in degrees; listings whose approximate point is inside. */
  bbox: z
    .string()
    .transform((value, context) => {
      const box = parseBboxText(value);
      const problem = box ? bboxProblem(box) : 'bbox must be four numbers: west,south,east,north';
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return box!;
    })
    .optional(),
  /** Words to match in titles and descriptions, either language; listings matching none are left out (decision 048). */
  text: z.string().trim().max(maxSearchTextLength).optional(),
  sort: z.enum(searchSorts).default(defaultSearchSort),
  page: z.coerce.number().int().min(1).max(maxSearchPage).default(1),
  lang: z.enum(languages).default('en'),
} satisfies { [K in keyof ResultsFilters | 'lang']: z.ZodType };

/** GET /api/search: strict, every bad value is a 400 naming the parameter. */
export const searchQuerySchema = z.object(searchQueryFields).superRefine((query, context) => {
  if (query.checkIn && query.checkOut && query.checkOut <= query.checkIn) {
    context.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out date must be after check-in date' });
  }
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    context.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
  }
  const unknownAmenity = query.amenities?.find((key) => !amenitiesOfType(query.type).includes(key));
  if (unknownAmenity) {
    context.addIssue({ code: 'custom', path: ['amenities'], message: `${unknownAmenity} is not an amenity of ${query.type} listings` });
  }
  if (query.children?.length && query.type !== 'hotel') {
    context.addIssue({ code: 'custom', path: ['children'], message: 'children applies to hotels; sublets and rentals take guests' });
  }
  if (query.children?.length && query.guests !== undefined && query.guests <= query.children.length) {
    context.addIssue({
      code: 'custom',
      path: ['guests'],
      message: 'guests counts everyone, children included, and a party has an adult',
    });
  }
  if (query.bedrooms !== undefined && query.type === 'hotel') {
    context.addIssue({ code: 'custom', path: ['bedrooms'], message: 'bedrooms applies to sublets and rentals' });
  }
  if (query.flexible && query.type !== 'sublet') {
    context.addIssue({ code: 'custom', path: ['flexible'], message: 'flexible dates apply to sublets' });
  }
  if (query.flexible && !(query.checkIn && query.checkOut)) {
    context.addIssue({ code: 'custom', path: ['flexible'], message: 'flexible dates need checkIn and checkOut' });
  }
});
export type SearchQuery = z.output<typeof searchQuerySchema>;
