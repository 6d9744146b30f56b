import { useEffect, useMemo, useState } from 'react';
import type { ShabbatCheck } from '../../../core/booking-rules.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type * as shabbatRules from '../../../core/shabbat-rules.ts';

type ShabbatRules = typeof shabbatRules;

/**
 * The Shabbat rules of a listing that keeps Shabbat, for the booking panel's check (the server checks
 * the same). They carry the Hebrew calendar, so they are fetched only for such a listing, after the
 * page shows; until then the panel checks the rest and the server still refuses a clashing stay.
 */
export function useShabbatCheck(listing: Pick<ListingDetail, 'keepsShabbat' | 'checkInTime' | 'city'>): ShabbatCheck | undefined {
  const [rules, setRules] = useState<ShabbatRules | null>(null);
  useEffect(() => {
    if (!listing.keepsShabbat) return;
    let live = true;
    void import('../../../core/shabbat-rules.ts').then((module) => {
      if (live) setRules(module);
    });
    return () => {
      live = false;
    };
  }, [listing.keepsShabbat]);
  const { keepsShabbat, checkInTime, city } = listing;
  return useMemo(
    () => (rules && keepsShabbat ? (stay) => rules.shabbatStayProblems({ keepsShabbat, checkInTime }, city, stay) : undefined),
    [rules, keepsShabbat, checkInTime, city],
  );
}
