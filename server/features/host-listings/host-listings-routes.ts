import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingStatuses, listingStatuses, propertyTypes } from '../../../core/constants.ts';
import { placeLabel } from '../../../core/format.ts';
import {
  hostListingLimits,
  hostListingTransitions,
  listingCompleteness,
  listingDraftPatchSchema,
  listingPatchProblems,
  emptyListingDraft,
  editsNeedReview,
  splitListingPatch,
  type HostListing,
  type ListingDraft,
  type ListingProblems,
} from '../../../core/host-listing-rules.ts';
import { languages } from '../../../core/languages.ts';
import { isoDateSchema, today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { ErrorCode } from '../../../core/error-codes.ts';
import { requireUser } from '../../http/request-user.ts';
import { publicUrlOf } from '../../storage/public-url.ts';
import { maxUploadBytes, sniffFileType } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  addBlock,
  addPhoto,
  autoApprovesVerifiedHosts,
  changeStatus,
  countPhotos,
  createDraft,
  deletePhoto,
  draftOf,
  editedPhotos,
  editedRow,
  findOwnListing,
  findPlace,
  hostEarnings,
  hostListingSummaries,
  idVerificationStatusOf,
  listingCalendar,
  listingPhotos,
  nextPhotoId,
  removeBlock,
  reorderPhotos,
  reviseListing,
  updateListing,
  type ListingRow,
} from './host-listings-repository.ts';
import { cardKeyOf, processListingPhoto } from './listing-photo-processing.ts';
import { maxImagePixels } from '../../storage/image-processing.ts';
import { serialIdParamSchema, serialIdSchema } from '../../../core/ids.ts';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }) });

// Loose on purpose: the response says what is stored (seeded listings predate the wizard's bounds).
const int = z.number().int();
const hostListingSchema = z.object({
  id: int,
  status: z.enum(listingStatuses),
  rejectionReason: z.string().nullable(),
  propertyType: z.enum(propertyTypes),
  titleEn: z.string(),
  titleHe: z.string(),
  descriptionEn: z.string(),
  descriptionHe: z.string(),
  placeId: int.nullable(),
  place: z.object({ id: int, nameEn: z.string(), nameHe: z.string(), label: z.string() }).nullable(),
  address: z.string().nullable(),
  pricePerNight: int.nullable(),
  pricePerWeek: int.nullable(),
  pricePerMonth: int.nullable(),
  amenities: z.array(z.string()),
  houseRules: z.array(z.string()),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  minStayDays: int,
  maxStayDays: int,
  leaseOptions: z.array(z.string()),
  starRating: int.nullable(),
  roomCount: int.nullable(),
  bedrooms: int,
  bathrooms: int,
  maxGuests: int,
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
  photos: z.array(z.object({ id: int, url: z.string(), cardUrl: z.string() })),
  pendingChanges: z.boolean(),
  changesRejectionReason: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});

const summarySchema = z.object({
  id: z.number().int(),
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  rejectionReason: z.string().nullable(),
  pendingChanges: z.boolean(),
  changesRejectionReason: z.string().nullable(),
  title: z.string(),
  location: z.string().nullable(),
  coverUrl: z.string().nullable(),
  listPrice: z.number().int().nullable(),
  updatedAt: z.string(),
});

const idParams = z.object({ id: serialIdParamSchema });
const notFound = () => new HttpError(404, 'listing_not_found', 'This listing could not be found');
const problemsError = (problems: ListingProblems, code: ErrorCode = 'listing_incomplete', message = 'Some details of the listing are missing or invalid') =>
  new HttpError(400, code, message, problems as Record<string, string>);

export const hostListingsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  // Every host route needs a signed-in user; checked before the body is even validated.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Photos arrive as the raw file body; whatever type the browser claims, the content decides.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  async function own(hostId: string, id: number): Promise<ListingRow> {
    const row = await findOwnListing(db, hostId, id);
    if (!row) throw notFound();
    return row;
  }

  /** The listing as its host edits it: with its pending changes, when edits wait for review. */
  async function view(stored: ListingRow): Promise<HostListing> {
    const row = editedRow(stored);
    const [livePhotos, place, city] = await Promise.all([
      listingPhotos(db, row.id),
      row.placeId === null ? undefined : findPlace(db, row.placeId),
      row.cityId === null || row.cityId === row.placeId ? undefined : findPlace(db, row.cityId),
    ]);
    const photos = editedPhotos(stored, livePhotos);
    return {
      id: row.id,
      ...draftOf(row),
      status: row.status,
      rejectionReason: row.rejectionReason,
      pendingChanges: stored.pendingChanges !== null,
      changesRejectionReason: stored.changesRejectionReason,
      place: place
        ? { id: place.id, nameEn: place.nameEn, nameHe: place.nameHe, label: placeLabel(place.nameEn, city?.nameEn ?? place.nameEn, !city) }
        : null,
      photos: photos.map((photo) => ({
        id: photo.id,
        url: publicUrlOf(photo.storageKey) ?? '',
        cardUrl: publicUrlOf(photo.storageKey.endsWith('.webp') ? cardKeyOf(photo.storageKey) : photo.storageKey) ?? '',
      })),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  const tooManyPhotos = () => new HttpError(409, 'too_many_photos', `A listing has at most ${hostListingLimits.photosMax} photos`);

  /** Removes an uploaded photo's files (gallery and card size); seeded photos are shared and stay. */
  async function removePhotoFiles(request: { log: { warn: (obj: object, msg: string) => void } }, storageKey: string) {
    for (const key of [storageKey, cardKeyOf(storageKey)]) {
      if (key.startsWith('public/listing-photos/')) {
        await storage.remove(key).catch((error: unknown) => request.log.warn({ err: error }, 'listing photo not removed'));
      }
    }
  }

  /** The columns a patch writes: a place also sets its city; only cities and neighbourhoods hold listings. */
  async function columnsOf(patch: z.infer<typeof listingDraftPatchSchema>) {
    const { placeId, ...rest } = patch;
    if (placeId === undefined) return rest;
    if (placeId === null) return { ...rest, placeId: null, cityId: null };
    const place = await findPlace(db, placeId);
    if (!place || place.kind === 'region' || (place.kind === 'neighbourhood' && place.parentId === null)) {
      throw new HttpError(400, 'invalid_place', 'Choose a city or a neighbourhood from the list', { placeId: 'invalid_place' });
    }
    return { ...rest, placeId, cityId: place.kind === 'neighbourhood' ? place.parentId : place.id };
  }

  app.get(
    '/api/host/listings',
    {
      schema: {
        tags: ['host listings'],
        summary: "The signed-in user's listings with their status, most recently changed first",
        querystring: z.object({ lang: z.enum(languages).default('en') }),
        response: { 200: z.object({ listings: z.array(summarySchema) }), 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { listings: await hostListingSummaries(db, requireUser(request).id, request.query.lang) };
    },
  );

  app.get(
    '/api/host/earnings',
    {
      schema: {
        tags: ['host listings'],
        summary: "The signed-in host's earnings per month of check-in (confirmed and completed stays, less commission), newest first",
        response: {
          200: z.object({
            months: z.array(z.object({ month: z.string(), stays: int, subtotal: int, commission: int, earnings: int })),
          }),
          401: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await hostEarnings(db, requireUser(request).id);
      return { months: rows.map((row) => ({ ...row, earnings: row.subtotal - row.commission })) };
    },
  );

  app.post(
    '/api/host/listings',
    {
      schema: {
        tags: ['host listings'],
        summary: "Start a draft listing (the wizard's first step); a guest's first listing makes them a host",
        body: listingDraftPatchSchema.required({ propertyType: true }),
        response: { 201: hostListingSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const columns = await columnsOf(request.body);
      // The first step is held to the wizard's rules for the fields it sends.
      const problems = listingPatchProblems(emptyListingDraft, request.body);
      if (Object.keys(problems).length) throw problemsError(problems, 'validation_failed', 'Some details are missing or invalid');
      const { listing } = await createDraft(db, user.id, { ...columns, propertyType: request.body.propertyType });
      return reply.status(201).send(await view(listing));
    },
  );

  app.get(
    '/api/host/listings/:id',
    {
      schema: {
        tags: ['host listings'],
        summary: 'One of my listings, every field as the wizard edits it (404 for anyone else)',
        params: idParams,
        response: { 200: hostListingSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return view(await own(requireUser(request).id, request.params.id));
    },
  );

  app.patch(
    '/api/host/listings/:id',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Save the fields of one wizard step. A listing past draft must stay complete; its type is fixed once submitted.',
        params: idParams,
        body: listingDraftPatchSchema,
        response: { 200: hostListingSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const row = await own(requireUser(request).id, request.params.id);
      const editable = row.status === 'draft' || row.status === 'rejected';
      if (!editable && request.body.propertyType !== undefined && request.body.propertyType !== row.propertyType) {
        throw new HttpError(409, 'listing_type_locked', 'The type of a submitted listing cannot change');
      }
      const columns = await columnsOf(request.body);
      if (editsNeedReview(row.status)) {
        // Stay limits apply at once; everything else waits for an admin while the approved version stays live.
        const { immediate, reviewed } = splitListingPatch(columns);
        const revised = await reviseListing(db, row.id, (current, livePhotos) => {
          const merged: ListingDraft = { ...draftOf(editedRow(current)), ...(columns as Partial<ListingDraft>) };
          const problems = listingCompleteness(merged, editedPhotos(current, livePhotos).length);
          if (Object.keys(problems).length) throw problemsError(problems);
          return { immediate, pending: { ...current.pendingChanges, fields: { ...current.pendingChanges?.fields, ...reviewed } } };
        });
        if (!revised) throw notFound();
        return view(revised);
      }
      const merged: ListingDraft = { ...draftOf(row), ...(columns as Partial<ListingDraft>) };
      // A draft's step is held to the wizard's rules for the fields it sends; a listing an admin is
      // reviewing may not lose what made it complete.
      const problems = editable ? listingPatchProblems(draftOf(row), request.body) : listingCompleteness(merged, await countPhotos(db, row.id));
      if (Object.keys(problems).length) throw problemsError(problems, editable ? 'validation_failed' : 'listing_incomplete');
      return view(await updateListing(db, row.id, columns));
    },
  );

  app.post(
    '/api/host/listings/:id/:action',
    {
      schema: {
        tags: ['host listings'],
        summary:
          'submit (draft or rejected → submitted, or approved at once when auto-approval of verified hosts is on; ID-verified hosts only), pause (approved → paused), resume (paused → approved)',
        params: idParams.extend({ action: z.enum(['submit', 'pause', 'resume']) }),
        response: { 200: hostListingSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id, action } = request.params;
      const row = await own(user.id, id);
      const from = hostListingTransitions[action];
      if (!(from as readonly string[]).includes(row.status)) {
        throw new HttpError(409, 'listing_status_changed', `A ${row.status} listing cannot be changed this way`);
      }
      let to: ListingRow['status'] = action === 'pause' ? 'paused' : 'approved';
      if (action === 'submit') {
        if ((await idVerificationStatusOf(db, user.id)) !== 'verified') {
          throw new HttpError(403, 'id_not_verified', 'Only hosts with a verified ID can publish listings');
        }
        const problems = listingCompleteness(draftOf(row), await countPhotos(db, row.id));
        if (Object.keys(problems).length) throw problemsError(problems);
        to = (await autoApprovesVerifiedHosts(db)) ? 'approved' : 'submitted';
      }
      const changed = await changeStatus(db, id, from, to, new Date());
      if (!changed) throw new HttpError(409, 'listing_status_changed', 'The listing changed meanwhile; reload it');
      return view(changed);
    },
  );

  // ---------------------------------------------------------------- photos

  app.post(
    '/api/host/listings/:id/photos',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['host listings'],
        summary: 'Add a photo (JPEG, PNG or WebP, at most 10 MB, as the request body); stored resized for the gallery and cards',
        params: idParams,
        response: { 201: hostListingSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const row = await own(requireUser(request).id, request.params.id);
      const body = request.body;
      const type = Buffer.isBuffer(body) ? sniffFileType(body) : null;
      if (!Buffer.isBuffer(body) || !type || type.mime === 'application/pdf') {
        throw new HttpError(400, 'invalid_image', 'Error uploading image');
      }
      const reviewed = editsNeedReview(row.status);
      const photoCount = reviewed ? editedPhotos(row, await listingPhotos(db, row.id)).length : await countPhotos(db, row.id);
      if (photoCount >= hostListingLimits.photosMax) throw tooManyPhotos();
      const processed = await processListingPhoto(body);
      if ('problem' in processed) {
        if (processed.problem === 'too_many_pixels') {
          throw new HttpError(400, 'image_too_large', `The image has more than ${maxImagePixels / 1_000_000} million pixels`);
        }
        throw new HttpError(400, 'invalid_image', 'Error uploading image');
      }
      // Random names: a photo's address does not reveal how many others were uploaded or when.
      const key = `public/listing-photos/${row.id}/${randomBytes(12).toString('hex')}.webp`;
      await storage.put(key, processed.gallery, 'image/webp');
      await storage.put(cardKeyOf(key), processed.card, 'image/webp');
      const photo = { storageKey: key, width: processed.width, height: processed.height };
      if (reviewed) {
        // A new photo of a published listing joins its pending changes; guests see it once approved.
        const id = await nextPhotoId(db);
        try {
          await reviseListing(db, row.id, (current, livePhotos) => {
            const photos = editedPhotos(current, livePhotos);
            if (photos.length >= hostListingLimits.photosMax) throw tooManyPhotos();
            return { pending: { fields: current.pendingChanges?.fields ?? {}, photos: [...photos, { id, ...photo }] } };
          });
        } catch (error) {
          await removePhotoFiles(request, key);
          throw error;
        }
      } else {
        await addPhoto(db, row.id, photo);
      }
      return reply.status(201).send(await view(await own(row.hostId, row.id)));
    },
  );

  app.put(
    '/api/host/listings/:id/photos/order',
    {
      schema: {
        tags: ['host listings'],
        summary: "Put the listing's photos in this order; the first is the cover",
        params: idParams,
        body: z.object({ photoIds: z.array(serialIdSchema).max(hostListingLimits.photosMax) }),
        response: { 200: hostListingSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await own(requireUser(request).id, request.params.id);
      const wanted = request.body.photoIds;
      const checkSameSet = (current: number[]) => {
        const sameSet = wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));
        if (!sameSet) throw new HttpError(400, 'photo_order_mismatch', "Send every one of the listing's photos, once each");
      };
      if (editsNeedReview(row.status)) {
        // The new order (and so the cover) of a published listing waits for review like any other change.
        await reviseListing(db, row.id, (current, livePhotos) => {
          const photos = editedPhotos(current, livePhotos);
          checkSameSet(photos.map((photo) => photo.id));
          const byId = new Map(photos.map((photo) => [photo.id, photo]));
          return { pending: { fields: current.pendingChanges?.fields ?? {}, photos: wanted.map((id) => byId.get(id)!) } };
        });
        return view(await own(row.hostId, row.id));
      }
      checkSameSet((await listingPhotos(db, row.id)).map((photo) => photo.id));
      await reorderPhotos(db, row.id, wanted);
      return view(await own(row.hostId, row.id));
    },
  );

  app.delete(
    '/api/host/listings/:id/photos/:photoId',
    {
      schema: {
        tags: ['host listings'],
        summary: "Remove a photo; a listing past draft keeps at least one",
        params: idParams.extend({ photoId: serialIdParamSchema }),
        response: { 200: hostListingSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const row = await own(requireUser(request).id, request.params.id);
      const { photoId } = request.params;
      const lastPhoto = () => new HttpError(409, 'last_photo', 'A published listing needs at least one photo');
      const photoNotFound = () => new HttpError(404, 'photo_not_found', 'This photo could not be found');
      if (editsNeedReview(row.status)) {
        // Guests keep seeing an approved photo until the change is approved; a photo that was only
        // ever part of the pending changes goes at once.
        let removed: { storageKey: string; live: boolean } | undefined;
        await reviseListing(db, row.id, (current, livePhotos) => {
          const photos = editedPhotos(current, livePhotos);
          const photo = photos.find((candidate) => candidate.id === photoId);
          if (!photo) throw photoNotFound();
          if (photos.length <= 1) throw lastPhoto();
          removed = { storageKey: photo.storageKey, live: livePhotos.some((candidate) => candidate.id === photoId) };
          return { pending: { fields: current.pendingChanges?.fields ?? {}, photos: photos.filter((candidate) => candidate.id !== photoId) } };
        });
        if (removed && !removed.live) await removePhotoFiles(request, removed.storageKey);
        return view(await own(row.hostId, row.id));
      }
      const editable = row.status === 'draft' || row.status === 'rejected';
      if (!editable && (await countPhotos(db, row.id)) <= 1) throw lastPhoto();
      const removed = await deletePhoto(db, row.id, photoId);
      if (!removed) throw photoNotFound();
      await removePhotoFiles(request, removed.storageKey);
      return view(await own(row.hostId, row.id));
    },
  );

  // ---------------------------------------------------------------- calendar

    const calendarSchema = z.object({
    stays: z.array(z.object({ id: z.string(), checkIn: z.string(), checkOut: z.string(), status: z.enum(bookingStatuses), rooms: int })),
    blocks: z.array(z.object({ id: int, startDate: z.string(), endDate: z.string() })),
  });

  app.get(
    '/api/host/listings/:id/calendar',
    {
      schema: {
        tags: ['host listings'],
        summary: "A listing's calendar from today: stays holding dates (pending and confirmed) and the dates its host blocked",
        params: idParams,
        response: { 200: calendarSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const row = await own(requireUser(request).id, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return listingCalendar(db, row.id, today());
    },
  );

  app.post(
    '/api/host/listings/:id/blocks',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Block [startDate, endDate) on the calendar: no booking can take those nights; refused where a stay already holds them',
        params: idParams,
        body: z.object({ startDate: isoDateSchema, endDate: isoDateSchema }),
        response: { 201: calendarSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const row = await own(requireUser(request).id, request.params.id);
      const { startDate, endDate } = request.body;
      if (endDate <= startDate) throw new HttpError(400, 'check_out_not_after_check_in', 'The end must come after the start', { endDate: 'order' });
      if (startDate < today()) throw new HttpError(400, 'check_in_in_past', 'Past dates cannot be blocked', { startDate: 'past' });
      if (!(await addBlock(db, row.id, startDate, endDate))) throw new HttpError(409, 'dates_booked', 'A stay already holds some of these dates');
      return reply.status(201).send(await listingCalendar(db, row.id, today()));
    },
  );

  app.delete(
    '/api/host/listings/:id/blocks/:blockId',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Open blocked dates again',
        params: idParams.extend({ blockId: serialIdParamSchema }),
        response: { 200: calendarSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await own(requireUser(request).id, request.params.id);
      if (!(await removeBlock(db, row.id, request.params.blockId))) throw new HttpError(404, 'block_not_found', 'These dates are not blocked');
      return listingCalendar(db, row.id, today());
    },
  );
};
