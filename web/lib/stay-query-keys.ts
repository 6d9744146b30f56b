/**
 * Query keys that more than one feature reads or refreshes: a listing's page (saving it from the
 * saved list, reviewing a stay), the saved lists (saving from a listing's page) and the guest's
 * bookings (booking from a listing's page). Each feature's *-api.ts builds its queries on these
 * roots; nobody writes them out as literals.
 */
export const stayQueryKeys = {
  /** Every cached property page, in both languages, with its held dates. */
  properties: () => ['property'] as const,
  /** One listing's pages (both languages) and held dates. */
  property: (id: number) => [...stayQueryKeys.properties(), id] as const,
  /** The signed-in user's saved lists, in both languages. */
  saved: () => ['saved'] as const,
  /** The signed-in guest's bookings, in both languages. */
  guestBookings: () => ['bookings'] as const,
  /** Requests and stays at the signed-in host's listings. */
  hostBookings: () => ['host-bookings'] as const,
  /** The signed-in user's conversations (guest and host lists) and their threads, the property page's Contact host included. */
  conversations: () => ['conversations'] as const,
};
