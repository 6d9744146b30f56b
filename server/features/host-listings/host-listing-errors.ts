import type { ErrorCode } from '../../../core/error-codes.ts';
import { hostListingLimits, type ListingProblems } from '../../../core/host-listing-rules.ts';
import { HttpError } from '../../http/errors.ts';
import { maxImagePixels } from '../../storage/image-processing.ts';

/** The errors a host meets while editing a listing, its photos and its calendar: one wording each. */
export const hostListingErrors = {
  notFound: () => new HttpError(404, 'listing_not_found', 'This listing could not be found'),
  problems: (
    problems: ListingProblems,
    code: ErrorCode = 'listing_incomplete',
    message = 'Some details of the listing are missing or invalid',
  ) => new HttpError(400, code, message, problems as Record<string, string>),
  invalidPlace: () => new HttpError(400, 'invalid_place', 'Choose a city or a neighbourhood from the list', { placeId: 'invalid_place' }),
  typeLocked: () => new HttpError(409, 'listing_type_locked', 'The type of a submitted listing cannot change'),
  statusChange: (status: string) => new HttpError(409, 'listing_status_changed', `A ${status} listing cannot be changed this way`),
  changedMeanwhile: () => new HttpError(409, 'listing_status_changed', 'The listing changed meanwhile; reload it'),
  idNotVerified: () => new HttpError(403, 'id_not_verified', 'Only hosts with a verified ID can publish listings'),
  invalidImage: () => new HttpError(400, 'invalid_image', 'Error uploading image'),
  imageTooLarge: () => new HttpError(400, 'image_too_large', `The image has more than ${maxImagePixels / 1_000_000} million pixels`),
  tooManyPhotos: () => new HttpError(409, 'too_many_photos', `A listing has at most ${hostListingLimits.photosMax} photos`),
  photoOrderMismatch: () => new HttpError(400, 'photo_order_mismatch', "Send every one of the listing's photos, once each"),
  lastPhoto: () => new HttpError(409, 'last_photo', 'A published listing needs at least one photo'),
  photoNotFound: () => new HttpError(404, 'photo_not_found', 'This photo could not be found'),
  blockOrder: () => new HttpError(400, 'check_out_not_after_check_in', 'The end must come after the start', { endDate: 'order' }),
  blockInPast: () => new HttpError(400, 'check_in_in_past', 'Past dates cannot be blocked', { startDate: 'past' }),
  datesBooked: () => new HttpError(409, 'dates_booked', 'A stay already holds some of these dates'),
  blockNotFound: () => new HttpError(404, 'block_not_found', 'These dates are not blocked'),
  importedBlock: () =>
    new HttpError(409, 'imported_block', "These dates come from another site's calendar: they open when that calendar frees them"),
};
