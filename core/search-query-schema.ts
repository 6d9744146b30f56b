import { z } from 'zod';
import { hotelAmenities, propertyTypes, roomsPicker } from './constants.ts';
import { isoDateSchema } from './date-schema.ts';
import { languages } from './languages.ts';
import { bboxProblem, parseBboxText } from './map-area.ts';
import {
  defaultSearchSort,
  maxLocationLength,
  maxSearchPage,
  parsePropertyTypeParam,
  propertyTypeOfParam,
  searchSorts,
} from './search-params.ts';

/** 'a,b' or repeated parameters, as one list. */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item) as unknown as z.ZodType<z.output<T>[], string[]>);
}

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
const price = z.coerce.number().int('Prices are whole shekels').min(0).max(10_000_000);

/** GET /api/search: strict, every bad value is a 400 naming the parameter. */
export const searchQuerySchema = z
  .object({
    type: z
      .string()
      .optional()
      .refine((value) => value === undefined || parsePropertyTypeParam(value) !== undefined, {
        message: `type must be one of ${propertyTypes.join(', ')} (or their plurals)`,
      })
      .transform((value) => propertyTypeOfParam(value)),
    location: z.string().trim().max(maxLocationLength).optional(),
    checkIn: isoDateSchema.optional(),
    checkOut: isoDateSchema.optional(),
    minPrice: price.optional(),
    maxPrice: price.optional(),
    stars: listOf(z.coerce.number().int().min(1).max(5)).optional(),
    amenities: listOf(z.enum(hotelAmenities)).optional(),
    petFriendly: booleanFlag.optional(),
    swapAvailable: booleanFlag.optional(),
    shabbatFriendly: booleanFlag.optional(),
    rooms: z.coerce.number().int().min(1).max(roomsPicker.maxRooms).optional(),
    guests: z.coerce
      .number()
      .int()
      .min(1)
      .max(roomsPicker.maxRooms * (roomsPicker.maxAdults + roomsPicker.maxChildren))
      .optional(),
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
    sort: z.enum(searchSorts).default(defaultSearchSort),
    page: z.coerce.number().int().min(1).max(maxSearchPage).default(1),
    lang: z.enum(languages).default('en'),
  })
  .superRefine((query, context) => {
    if (query.checkIn && query.checkOut && query.checkOut <= query.checkIn) {
      context.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out date must be after check-in date' });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      context.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
    }
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;
