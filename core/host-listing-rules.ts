import { z } from 'zod';
import { leaseOptionDays } from './booking-rules.ts';
import { amenityKeys, houseRuleKeys, propertyTypes, type ListingStatus, type PropertyType } from './constants.ts';
import { isoDateSchema } from './dates.ts';
import { serialIdSchema } from './ids.ts';

/** Bounds of what a host may write into a listing; the wizard and the server read the same numbers. */
export const hostListingLimits = {
  titleMax: 120,
  descriptionMin: 30,
  descriptionMax: 5000,
  addressMax: 200,
  priceMax: 1_000_000,
  stayDaysMax: 365,
  roomCountMax: 2000,
  bedroomsMax: 50,
  maxGuestsMax: 50,
  photosMax: 20,
} as const;

export const leaseOptionChoices = Object.keys(leaseOptionDays);

const price = z.number().int().min(1).max(hostListingLimits.priceMax).nullable();
const count = (max: number) => z.number().int().min(0).max(max);

/**
 * Every field of a listing a host edits. A draft is saved at every wizard step, so each field may
 * be left empty until the listing is submitted (listingCompleteness says what is still missing).
 */
export const listingDraftSchema = z.object({
  propertyType: z.enum(propertyTypes),
  titleEn: z.string().trim().max(hostListingLimits.titleMax),
  titleHe: z.string().trim().max(hostListingLimits.titleMax),
  descriptionEn: z.string().trim().max(hostListingLimits.descriptionMax),
  descriptionHe: z.string().trim().max(hostListingLimits.descriptionMax),
  placeId: serialIdSchema.nullable(),
  address: z.string().trim().max(hostListingLimits.addressMax).nullable(),
  pricePerNight: price,
  pricePerWeek: price,
  pricePerMonth: price,
  amenities: z.array(z.enum(amenityKeys as [string, ...string[]])).max(amenityKeys.length),
  houseRules: z.array(z.enum(houseRuleKeys)).max(houseRuleKeys.length),
  availableFrom: isoDateSchema.nullable(),
  availableUntil: isoDateSchema.nullable(),
  minStayDays: z.number().int().min(1).max(hostListingLimits.stayDaysMax),
  maxStayDays: z.number().int().min(1).max(hostListingLimits.stayDaysMax),
  leaseOptions: z.array(z.enum(leaseOptionChoices as [string, ...string[]])).max(leaseOptionChoices.length),
  starRating: z.number().int().min(1).max(5).nullable(),
  roomCount: count(hostListingLimits.roomCountMax).nullable(),
  bedrooms: count(hostListingLimits.bedroomsMax),
  bathrooms: count(hostListingLimits.bedroomsMax),
  maxGuests: z.number().int().min(1).max(hostListingLimits.maxGuestsMax),
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
});
export type ListingDraft = z.infer<typeof listingDraftSchema>;

/** A wizard step sends only the fields it shows. */
export const listingDraftPatchSchema = listingDraftSchema.partial();
export type ListingDraftPatch = z.infer<typeof listingDraftPatchSchema>;

/** Why a field stops a listing from being submitted; translated in the wizard (hostListings.fieldErrors). */
export type ListingFieldProblem = 'required' | 'too_short' | 'order';
export type ListingProblems = Partial<Record<keyof ListingDraft | 'photos', ListingFieldProblem>>;

/** The price field a type is sold by: hotels per night, sublets per month, rentals per week. */
export function priceFieldOf(type: PropertyType): 'pricePerNight' | 'pricePerWeek' | 'pricePerMonth' {
  return type === 'hotel' ? 'pricePerNight' : type === 'sublet' ? 'pricePerMonth' : 'pricePerWeek';
}

/**
 * Contradictions a draft may never be saved with (the database refuses them too): they are
 * reported at once, while missing fields wait for the submission.
 */
export function listingOrderProblems(draft: Pick<ListingDraft, 'availableFrom' | 'availableUntil' | 'minStayDays' | 'maxStayDays'>): ListingProblems {
  const problems: ListingProblems = {};
  if (draft.availableFrom && draft.availableUntil && draft.availableFrom > draft.availableUntil) problems.availableUntil = 'order';
  if (draft.minStayDays > draft.maxStayDays) problems.maxStayDays = 'order';
  return problems;
}

/** What a listing still lacks before it can be submitted for review; empty when complete. */
export function listingCompleteness(draft: ListingDraft, photoCount: number): ListingProblems {
  const problems: ListingProblems = { ...listingOrderProblems(draft) };
  const text = (field: 'titleEn' | 'titleHe' | 'descriptionEn' | 'descriptionHe', min = 1) => {
    const value = draft[field].trim();
    if (!value) problems[field] = 'required';
    else if (value.length < min) problems[field] = 'too_short';
  };
  text('titleEn');
  text('titleHe');
  text('descriptionEn', hostListingLimits.descriptionMin);
  text('descriptionHe', hostListingLimits.descriptionMin);
  if (draft.placeId === null) problems.placeId = 'required';
  if (!draft.address?.trim()) problems.address = 'required';
  const priceField = priceFieldOf(draft.propertyType);
  if (draft[priceField] === null) problems[priceField] = 'required';
  if (draft.propertyType === 'hotel') {
    if (draft.starRating === null) problems.starRating = 'required';
    if (!draft.roomCount) problems.roomCount = 'required';
  }
  if (draft.propertyType === 'rental' && draft.leaseOptions.length === 0) problems.leaseOptions = 'required';
  if (photoCount === 0) problems.photos = 'required';
  return problems;
}

/** Which status changes a host may make, from which status. */
export const hostListingTransitions = {
  submit: ['draft', 'rejected'],
  pause: ['approved'],
  resume: ['paused'],
} as const satisfies Record<string, readonly ListingStatus[]>;

/**
 * A draft, or a listing an admin turned down, is the host's own work in progress: it may be saved
 * incomplete and lose its photos. Past that (submitted or published) it must stay complete.
 */
export function isWorkInProgress(status: ListingStatus): boolean {
  return status === 'draft' || status === 'rejected';
}

/** Once submitted, a listing keeps its type: an admin reviewed it as a hotel, a sublet or a rental. */
export function listingTypeLocked(status: ListingStatus, storedType: PropertyType, requestedType: PropertyType | undefined): boolean {
  return !isWorkInProgress(status) && requestedType !== undefined && requestedType !== storedType;
}

/**
 * Fields a host changes at once on a published listing: when it can be booked and for how long.
 * Every other field (text, place, address, type, prices, facts) and the photos are what a guest
 * decides on, so a change to them waits for an admin while the approved version stays live.
 */
export const immediateListingFields = ['availableFrom', 'availableUntil', 'minStayDays', 'maxStayDays'] as const satisfies readonly (keyof ListingDraft)[];
export type ImmediateListingField = (typeof immediateListingFields)[number];
export type ReviewedListingField = Exclude<keyof ListingDraft, ImmediateListingField>;

/** Statuses of a listing that was approved once: its edits are reviewed before guests see them. */
export const reviewedEditStatuses = ['approved', 'paused', 'suspended'] as const satisfies readonly ListingStatus[];

export function editsNeedReview(status: ListingStatus): boolean {
  return (reviewedEditStatuses as readonly ListingStatus[]).includes(status);
}

/** Splits a patch of a published listing into what applies at once and what waits for review. */
export function splitListingPatch<T extends object>(patch: T): { immediate: Partial<T>; reviewed: Partial<T> } {
  const immediate: Record<string, unknown> = {};
  const reviewed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if ((immediateListingFields as readonly string[]).includes(key)) immediate[key] = value;
    else reviewed[key] = value;
  }
  return { immediate: immediate as Partial<T>, reviewed: reviewed as Partial<T> };
}
