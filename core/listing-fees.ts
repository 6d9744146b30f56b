/*
 * A listing's fees and discounts and their limits (decision 023): what the listing wizard and the
 * host's rules need, apart from the quote (core/quote.ts), so the pages that only edit a listing do
 * not load the pricing of a stay.
 */
/** Longest stays first: a stay of 28 nights or more gets the monthly discount, not the weekly one. */
export const discountThresholds = { weeklyNights: 7, monthlyNights: 28 } as const;

export const feeLimits = {
  maxCleaningFee: 10_000,
  maxSecurityDeposit: 50_000,
  maxDiscountPercent: 60,
  maxExtraGuestFee: 2_000,
} as const;

/** A host's fees and discounts; absent means none (older callers, benchmark data). */
export interface ListingFees {
  /** ₪ once per stay. */
  cleaningFee: number;
  /** ₪, refundable, homes only: collected and returned by the host, never part of the total. */
  securityDeposit: number;
  /** Percent off the stay price for stays of 7–27 nights. */
  weeklyDiscountPercent: number;
  /** Percent off the stay price for stays of 28 nights or more. */
  monthlyDiscountPercent: number;
  /** ₪ per night for each guest above `guestsIncluded` (homes; infants never count). */
  extraGuestFee: number;
  /** Guests the price includes; null: everyone the place sleeps. */
  guestsIncluded: number | null;
}

/** The fees' names, in the order a host sets them (drafts, reviews of changes). */
export const listingFeeNames = [
  'cleaningFee',
  'securityDeposit',
  'weeklyDiscountPercent',
  'monthlyDiscountPercent',
  'extraGuestFee',
  'guestsIncluded',
] as const satisfies readonly (keyof ListingFees)[];

/** A listing that charges nothing beyond its price: every new draft, and every listing before 0027. */
export const noFees: ListingFees = {
  cleaningFee: 0,
  securityDeposit: 0,
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  extraGuestFee: 0,
  guestsIncluded: null,
};
