// Apart from booking-rules.ts (which brings the quote, party and price rules along): every listing
// card imports this, and the cards are on the first load of the results page.

/**
 * Whether a stay is booked at once rather than requested: the host turned instant booking on for the
 * listing AND the guest's identity is verified. A host lets strangers in without a look only when
 * someone checked who they are; an unverified guest still sends a request the host answers.
 */
export function booksInstantly(listing: { instantBooking: boolean }, guestIdVerified: boolean): boolean {
  return listing.instantBooking && guestIdVerified;
}

/**
 * What a listing's booking button does for this viewer, as its card and its page both say it: 'book'
 * (confirmed at once, booksInstantly), else 'apply' for a rental and 'request' for any other, which the
 * host answers. A visitor who is not signed in counts as unverified: they would send a request.
 */
export function bookingActionOf(
  listing: { type: 'hotel' | 'sublet' | 'rental'; instantBooking: boolean },
  guestIdVerified: boolean,
): 'book' | 'request' | 'apply' {
  if (booksInstantly(listing, guestIdVerified)) return 'book';
  return listing.type === 'rental' ? 'apply' : 'request';
}
