import type { BookingStatus, PropertyType } from './constants.ts';

/** A listing as its property page shows it (GET /api/properties/:id?lang=). */
export interface ListingDetail {
  id: number;
  type: PropertyType;
  /** In the language asked for. */
  title: string;
  description: string;
  /** 'Florentin, Tel Aviv' in the language asked for. */
  location: string;
  /** A home's street address is told only to its host, admins and the guest of a confirmed stay (null otherwise); a hotel's to all. */
  address: string | null;
  photos: { url: string; alt: string }[];
  /** Amenity keys (core/constants amenityKeys); the page marks the others of the type as not included. */
  amenities: string[];
  /** House rule keys (core/constants houseRuleKeys). */
  houseRules: string[];
  petFriendly: boolean;
  swapAvailable: boolean;
  starRating: number | null;
  roomCount: number | null;
  pricePerNight: number | null;
  pricePerWeek: number | null;
  pricePerMonth: number | null;
  durationMonths: number | null;
  leaseOptions: string[];
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  availableFrom: string | null;
  availableUntil: string | null;
  minStayDays: number;
  maxStayDays: number;
  ratingAverage: number | null;
  reviewCount: number;
  /** Whether the signed-in user saved it (false for visitors). */
  saved: boolean;
  host: {
    id: string;
    firstName: string;
    photoUrl: string | null;
    idVerified: boolean;
    /** Average rating over the host's listings' reviews, null when none. */
    ratingAverage: number | null;
    reviewCount: number;
    responseTimeHours: number | null;
    memberSince: string;
    /** Reaches every super-host threshold of core/super-host.ts. */
    superHost: boolean;
  };
  /** The latest reviews, newest first. */
  reviews: { id: number; rating: number; body: string; authorFirstName: string; createdAt: string }[];
}

/**
 * Dates a calendar must disable (GET /api/properties/:id/held-dates): stays already held by pending
 * or confirmed bookings (a home) or nights with no room left (a hotel), as [checkIn, checkOut) ranges.
 */
export interface HeldDates {
  held: { checkIn: string; checkOut: string }[];
}

/** A booking as its guest sees it (GET /api/bookings) and its host (GET /api/host/bookings). */
export interface BookingView {
  id: string;
  propertyId: number;
  propertyType: PropertyType;
  /** Title and place in the language asked for (?lang=). */
  propertyTitle: string;
  location: string;
  photoUrl: string | null;
  hostFirstName: string;
  guestFirstName: string;
  status: BookingStatus;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: number;
  leaseOption: string | null;
  subtotal: number;
  serviceFee: number;
  total: number;
  /** When a pending request expires if the host does not answer. */
  expiresAt: string | null;
  createdAt: string;
  /** Messages from the other side the viewer has not read yet. */
  unreadMessages: number;
  /** The guest's review, once the stay is completed and reviewed. */
  review: { rating: number; body: string } | null;
}

/** One message of a booking's thread (GET /api/bookings/:id/messages). */
export interface BookingMessage {
  id: number;
  body: string;
  /** Whether the viewer wrote it. */
  mine: boolean;
  senderFirstName: string;
  createdAt: string;
  /** When the other side opened it; null while unread. */
  readAt: string | null;
}
