import { leaseOptionDays } from './booking-rules.ts';
import { defaultHostPolicy } from './cancellation-policies.ts';
import { noFees } from './listing-fees.ts';
import type { ListingStatus, PropertyType } from './constants.ts';
import type { ListingDraft, ListingDraftPatch } from './listing-draft-schema.ts';

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

/** The check-in times a host may choose: every half hour from 12:00 to 22:00 (Israel time). */
export const checkInTimeChoices = Array.from({ length: 21 }, (_, index) => {
  const minutes = 12 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
}) as [string, ...string[]];
/** Israeli custom (and the house rule 'check_in_after_15'): guests arrive from 15:00. */
export const defaultCheckInTime = '15:00';

/** Where a pin may go: Israel from Eilat to Metula, with a margin (west, south, east, north in degrees). */
export const pinBounds = { west: 34.0, south: 29.3, east: 36.0, north: 33.5 } as const;

/** A listing before the host has written anything: the wizard's starting values and the server's base for a new draft. */
export const emptyListingDraft: ListingDraft = {
  propertyType: 'sublet',
  titleEn: '',
  titleHe: '',
  descriptionEn: '',
  descriptionHe: '',
  placeId: null,
  address: null,
  addressHe: null,
  latitude: null,
  longitude: null,
  pricePerNight: null,
  pricePerWeek: null,
  pricePerMonth: null,
  amenities: [],
  houseRules: [],
  availableFrom: null,
  availableUntil: null,
  minStayDays: 1,
  maxStayDays: 365,
  leaseOptions: [],
  starRating: null,
  roomCount: null,
  bedrooms: 1,
  bathrooms: 1,
  maxGuests: 2,
  petFriendly: false,
  swapAvailable: false,
  keepsShabbat: false,
  instantBooking: false,
  checkInTime: defaultCheckInTime,
  ...noFees,
  cancellationPolicy: defaultHostPolicy,
};

/** Why a field stops a listing step from being saved or submitted; translated in the wizard (hostListings.fieldErrors). */
export type ListingFieldProblem = 'required' | 'no_words' | 'too_short' | 'order' | 'too_many';
export type ListingProblems = Partial<Record<keyof ListingDraft | 'photos', ListingFieldProblem>>;

/** The price field a type is sold by: hotels per night, sublets per month, rentals per week. */
export function priceFieldOf(type: PropertyType): 'pricePerNight' | 'pricePerWeek' | 'pricePerMonth' {
  return type === 'hotel' ? 'pricePerNight' : type === 'sublet' ? 'pricePerMonth' : 'pricePerWeek';
}

/**
 * Contradictions a draft may never be saved with (the database refuses them too): they are
 * reported at once, while missing fields wait for the submission.
 */
export function listingOrderProblems(
  draft: Pick<ListingDraft, 'availableFrom' | 'availableUntil' | 'minStayDays' | 'maxStayDays'> &
    Partial<Pick<ListingDraft, 'guestsIncluded' | 'maxGuests' | 'propertyType'>>,
): ListingProblems {
  const problems: ListingProblems = {};
  if (draft.availableFrom && draft.availableUntil && draft.availableFrom > draft.availableUntil) problems.availableUntil = 'order';
  if (draft.minStayDays > draft.maxStayDays) problems.maxStayDays = 'order';
  // A home cannot include more guests in its price than it sleeps (a hotel's quote ignores the field).
  if (
    draft.propertyType !== 'hotel' &&
    draft.guestsIncluded != null &&
    draft.maxGuests !== undefined &&
    draft.guestsIncluded > draft.maxGuests
  )
    problems.guestsIncluded = 'too_many';
  return problems;
}

/** A title or description says something: at least one word of two letters or more, in any script. */
const hasWord = (text: string) => /\p{L}{2,}/u.test(text);

/**
 * What the given fields of a listing lack: a title is required and says something, a description
 * too and is at least descriptionMin characters long, the place, address and the type's price are
 * required, a hotel its stars and rooms, a rental its lease options; dates and stay limits in
 * order. The wizard checks a step's fields when the host leaves the step, and the server refuses
 * to save a step with the same problems; submission checks every field (listingCompleteness).
 */
export function listingFieldProblems(draft: ListingDraft, fields: readonly (keyof ListingDraft)[]): ListingProblems {
  const asked = new Set<keyof ListingDraft>(fields);
  const problems: ListingProblems = {};
  const order = listingOrderProblems(draft);
  for (const field of ['availableUntil', 'maxStayDays'] as const) {
    if (order[field] && (asked.has(field) || asked.has(field === 'availableUntil' ? 'availableFrom' : 'minStayDays')))
      problems[field] = order[field];
  }
  if (order.guestsIncluded && (asked.has('guestsIncluded') || asked.has('maxGuests'))) problems.guestsIncluded = order.guestsIncluded;
  const text = (field: 'titleEn' | 'titleHe' | 'descriptionEn' | 'descriptionHe', min = 1) => {
    if (!asked.has(field)) return;
    const value = draft[field].trim();
    if (!value) problems[field] = 'required';
    else if (!hasWord(value)) problems[field] = 'no_words';
    else if (value.length < min) problems[field] = 'too_short';
  };
  text('titleEn');
  text('titleHe');
  text('descriptionEn', hostListingLimits.descriptionMin);
  text('descriptionHe', hostListingLimits.descriptionMin);
  const required = (field: keyof ListingDraft, missing: boolean) => {
    if (asked.has(field) && missing) problems[field] = 'required';
  };
  required('placeId', draft.placeId === null);
  required('address', !draft.address?.trim());
  const priceField = priceFieldOf(draft.propertyType);
  required(priceField, draft[priceField] === null);
  if (draft.propertyType === 'hotel') {
    required('starRating', draft.starRating === null);
    required('roomCount', !draft.roomCount);
  }
  if (draft.propertyType === 'rental') required('leaseOptions', draft.leaseOptions.length === 0);
  return problems;
}

/** What a saved step (a patch of `current`) lacks, by the rules above, for the fields it sends. */
export function listingPatchProblems(current: ListingDraft, patch: ListingDraftPatch): ListingProblems {
  const fields = (Object.keys(patch) as (keyof ListingDraft)[]).filter((field) => patch[field] !== undefined);
  return listingFieldProblems({ ...current, ...(patch as Partial<ListingDraft>) }, fields);
}

/** What a listing still lacks before it can be submitted for review; empty when complete. */
export function listingCompleteness(draft: ListingDraft, photoCount: number): ListingProblems {
  const problems: ListingProblems = {
    ...listingOrderProblems(draft),
    ...listingFieldProblems(draft, Object.keys(draft) as (keyof ListingDraft)[]),
  };
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
export const immediateListingFields = [
  'availableFrom',
  'availableUntil',
  'minStayDays',
  'maxStayDays',
  // When guests may arrive is a stay limit like the dates above, not something an admin vets.
  'keepsShabbat',
  'checkInTime',
  // How the host answers requests is the host's own business, like the dates.
  'instantBooking',
] as const satisfies readonly (keyof ListingDraft)[];
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
