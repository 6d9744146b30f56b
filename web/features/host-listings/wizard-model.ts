import { listingFeeNames } from '../../../core/listing-fees.ts';
import type { HostListing } from '../../../core/contracts/host-listings.ts';
import { emptyListingDraft, listingFieldProblems, type ListingProblems } from '../../../core/host-listing-rules.ts';
import type { ListingDraft } from '../../../core/listing-draft-schema.ts';

/** The fields each wizard step shows and saves. */
export const stepFields = {
  basics: ['propertyType', 'placeId', 'address', 'addressHe', 'latitude', 'longitude'],
  describe: ['titleEn', 'titleHe', 'descriptionEn', 'descriptionHe'],
  details: [
    'pricePerNight',
    'pricePerWeek',
    'pricePerMonth',
    'starRating',
    'roomCount',
    'bedrooms',
    'bathrooms',
    'maxGuests',
    'leaseOptions',
    'petFriendly',
    'swapAvailable',
    ...listingFeeNames,
    'cancellationPolicy',
  ],
  amenities: ['amenities', 'houseRules'],
  availability: ['availableFrom', 'availableUntil', 'minStayDays', 'maxStayDays', 'checkInTime', 'keepsShabbat', 'instantBooking'],
} as const satisfies Record<string, readonly (keyof ListingDraft)[]>;

/**
 * The listing wizard's steps, in order. Pure logic of the wizard (no React). The arrival step saves
 * its own form (the listing's private arrival information, not a draft field: arrival-panel.tsx).
 */
export const steps = ['basics', 'describe', 'details', 'amenities', 'availability', 'arrival', 'photos', 'review'] as const;
export type Step = (typeof steps)[number];
export type FormStep = keyof typeof stepFields;
export const isFormStep = (step: Step): step is FormStep => step in stepFields;

/** The editable fields of a listing from the server, as the wizard's form holds them. */
export const draftOf = (listing: HostListing | undefined): ListingDraft => {
  if (!listing) return emptyListingDraft;
  const draft = { ...emptyListingDraft };
  for (const key of Object.keys(emptyListingDraft) as (keyof ListingDraft)[]) (draft as Record<string, unknown>)[key] = listing[key];
  return draft;
};

/** Which step holds a field, to send the host to what is missing. */
export function stepOf(field: string): Step {
  if (field === 'photos') return 'photos';
  for (const step of Object.keys(stepFields) as FormStep[]) if ((stepFields[step] as readonly string[]).includes(field)) return step;
  return 'review';
}

/**
 * What keeps the host on a step when they press Next: the step's fields by the shared listing rules
 * (the server refuses to save the same problems), and a photo on the photos step.
 */
export function stepProblems(step: Step, values: ListingDraft, photoCount: number): ListingProblems {
  if (step === 'photos') return photoCount === 0 ? { photos: 'required' } : {};
  return isFormStep(step) ? listingFieldProblems(values, stepFields[step]) : {};
}
