import { maskFields, type MaskKind } from '../../../core/contact-masking.ts';
import type { CreateListingBody, HostListingAction } from '../../../core/contracts/host-listings.ts';
import {
  editsNeedReview,
  hostListingTransitions,
  isWorkInProgress,
  listingCompleteness,
  listingPatchProblems,
  emptyListingDraft,
  listingTypeLocked,
  splitListingPatch,
  type ListingProblems,
} from '../../../core/host-listing-rules.ts';
import type { ListingDraft, ListingDraftPatch } from '../../../core/listing-draft-schema.ts';
import { recordContactMasking } from '../../db/contact-masking-events.ts';
import type { Database } from '../../db/database.ts';
import { hostListingErrors } from './host-listing-errors.ts';
import {
  autoApprovesVerifiedHosts,
  changeStatus,
  createDraft,
  draftOf,
  editedPhotos,
  editedRow,
  findOwnListing,
  findPlace,
  idVerificationStatusOf,
  reviseListing,
  updateListing,
  type ListingRow,
} from './host-listings-repository.ts';
import { countPhotos } from './listing-photos-repository.ts';
import { hasOpenPhotoMatches } from './photo-matches-repository.ts';

const hasProblems = (problems: ListingProblems) => Object.keys(problems).length > 0;

/** The host's own listing; 404 for anyone else's, so that others cannot tell it exists. */
export async function ownListing(db: Database, hostId: string, id: number): Promise<ListingRow> {
  const row = await findOwnListing(db, hostId, id);
  if (!row) throw hostListingErrors.notFound();
  return row;
}

/**
 * The columns a patch writes: a place also sets its city; only cities and neighbourhoods (of a city)
 * hold listings. The pin comes as a pair; a place without one puts it at the place's centre, as the
 * wizard's map starts it.
 */
async function columnsOf(db: Database, patch: ListingDraftPatch) {
  const { placeId, ...rest } = patch;
  if ((rest.latitude === undefined) !== (rest.longitude === undefined) || (rest.latitude === null) !== (rest.longitude === null)) {
    throw hostListingErrors.problems(
      { [rest.latitude == null ? 'latitude' : 'longitude']: 'required' },
      'validation_failed',
      'A pin needs both latitude and longitude',
    );
  }
  if (placeId === undefined) return rest;
  if (placeId === null) return { ...rest, placeId: null, cityId: null, latitude: null, longitude: null };
  const place = await findPlace(db, placeId);
  if (!place || place.kind === 'region' || (place.kind === 'neighbourhood' && place.parentId === null))
    throw hostListingErrors.invalidPlace();
  const pin = rest.latitude != null && rest.longitude != null ? {} : { latitude: place.latitude, longitude: place.longitude };
  return { ...rest, ...pin, placeId, cityId: place.kind === 'neighbourhood' ? place.parentId : place.id };
}

/**
 * The free text a host writes and guests read. A listing is public before any stay, so its text is
 * always masked (core/contact-masking.ts): guests reach the host and pay through the site, never by
 * a number, an address or a link in the description (decision 049). Only the masked text is stored.
 */
const listingFreeText = ['titleEn', 'titleHe', 'descriptionEn', 'descriptionHe', 'address'] as const;

/** A saved listing and what its save masked. */
export interface SavedListing {
  listing: ListingRow;
  maskedKinds: MaskKind[];
}

/** Starts a draft; it may be incomplete but not contradictory. */
export async function createListing(db: Database, hostId: string, sent: CreateListingBody): Promise<SavedListing> {
  const { record: body, kinds } = maskFields(sent, listingFreeText);
  const columns = await columnsOf(db, body);
  // The first step is held to the wizard's rules for the fields it sends.
  const problems = listingPatchProblems(emptyListingDraft, body);
  if (hasProblems(problems)) throw hostListingErrors.problems(problems, 'validation_failed', 'Some details are missing or invalid');
  const { listing } = await createDraft(db, hostId, { ...columns, propertyType: body.propertyType });
  await recordContactMasking(db, { userId: hostId, source: 'listing', propertyId: listing.id, kinds });
  return { listing, maskedKinds: kinds };
}

/**
 * Saves a wizard step. A work in progress may stay incomplete; a listing an admin is reviewing may
 * not lose what made it complete; a published listing's edits wait for review, except its stay
 * limits, which apply at once while the approved version stays live.
 */
export async function editListing(db: Database, row: ListingRow, sent: ListingDraftPatch): Promise<SavedListing> {
  const { record: patch, kinds } = maskFields(sent, listingFreeText);
  const saved = await saveListingPatch(db, row, patch);
  await recordContactMasking(db, { userId: row.hostId, source: 'listing', propertyId: row.id, kinds });
  return { listing: saved, maskedKinds: kinds };
}

async function saveListingPatch(db: Database, row: ListingRow, patch: ListingDraftPatch): Promise<ListingRow> {
  if (listingTypeLocked(row.status, row.propertyType, patch.propertyType)) throw hostListingErrors.typeLocked();
  const columns = await columnsOf(db, patch);
  if (editsNeedReview(row.status)) {
    const { immediate, reviewed } = splitListingPatch(columns);
    const revised = await reviseListing(db, row.id, (current, livePhotos) => {
      const merged: ListingDraft = { ...draftOf(editedRow(current)), ...(columns as Partial<ListingDraft>) };
      const problems = listingCompleteness(merged, editedPhotos(current, livePhotos).length);
      if (hasProblems(problems)) throw hostListingErrors.problems(problems);
      return { immediate, pending: { ...current.pendingChanges, fields: { ...current.pendingChanges?.fields, ...reviewed } } };
    });
    if (!revised) throw hostListingErrors.notFound();
    return revised;
  }
  const merged: ListingDraft = { ...draftOf(row), ...(columns as Partial<ListingDraft>) };
  const inProgress = isWorkInProgress(row.status);
  // A draft's step is held to the wizard's rules for the fields it sends; a listing an admin is
  // reviewing may not lose what made it complete.
  const problems = inProgress ? listingPatchProblems(draftOf(row), patch) : listingCompleteness(merged, await countPhotos(db, row.id));
  if (hasProblems(problems)) throw hostListingErrors.problems(problems, inProgress ? 'validation_failed' : 'listing_incomplete');
  return updateListing(db, row.id, columns);
}

/**
 * submit (a complete draft or rejected listing of an ID-verified host → submitted, or approved at
 * once when verified hosts are auto-approved), pause (approved → paused), resume (paused → approved).
 */
export async function changeListingStatus(db: Database, hostId: string, row: ListingRow, action: HostListingAction): Promise<ListingRow> {
  const from = hostListingTransitions[action];
  if (!(from as readonly string[]).includes(row.status)) throw hostListingErrors.statusChange(row.status);
  let to: ListingRow['status'] = action === 'pause' ? 'paused' : 'approved';
  if (action === 'submit') {
    if ((await idVerificationStatusOf(db, hostId)) !== 'verified') throw hostListingErrors.idNotVerified();
    const problems = listingCompleteness(draftOf(row), await countPhotos(db, row.id));
    if (hasProblems(problems)) throw hostListingErrors.problems(problems);
    // A listing whose photos copy another's waits for an admin even where verified hosts are auto-approved.
    to = (await autoApprovesVerifiedHosts(db)) && !(await hasOpenPhotoMatches(db, row.id)) ? 'approved' : 'submitted';
  }
  const changed = await changeStatus(db, row.id, from, to, new Date());
  if (!changed) throw hostListingErrors.changedMeanwhile();
  return changed;
}
