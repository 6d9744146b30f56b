import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { today } from '../../../core/dates.ts';
import { z } from 'zod';
import { propertyTypes, roomsPicker } from '../../../core/constants.ts';
import { listingCardSchema } from '../../../core/listing-card.ts';
import { languages } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../http/request-user.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { heldDates, listingDetail, savedListingCards, setSaved } from './listings-repository.ts';
import { serialIdParamSchema } from '../../../core/ids.ts';

const listingDetailSchema = z.object({
  id: z.number().int(),
  type: z.enum(propertyTypes),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  /** A home's street address only for its host, admins and the guest of a confirmed stay; null for anyone else. */
  address: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), alt: z.string() })),
  amenities: z.array(z.string()),
  houseRules: z.array(z.string()),
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
  starRating: z.number().int().nullable(),
  roomCount: z.number().int().nullable(),
  pricePerNight: z.number().int().nullable(),
  pricePerWeek: z.number().int().nullable(),
  pricePerMonth: z.number().int().nullable(),
  durationMonths: z.number().int().nullable(),
  leaseOptions: z.array(z.string()),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  minStayDays: z.number().int(),
  maxStayDays: z.number().int(),
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  saved: z.boolean(),
  host: z.object({
    id: z.string(),
    firstName: z.string(),
    photoUrl: z.string().nullable(),
    idVerified: z.boolean(),
    ratingAverage: z.number().nullable(),
    reviewCount: z.number().int(),
    responseTimeHours: z.number().int().nullable(),
    memberSince: z.string(),
    superHost: z.boolean(),
  }),
  reviews: z.array(z.object({ id: z.number().int(), rating: z.number().int(), body: z.string(), authorFirstName: z.string(), createdAt: z.string() })),
});

const notFound = () => new HttpError(404, 'listing_not_found', 'This listing does not exist or cannot be booked');
const listingParams = z.object({ id: serialIdParamSchema });

export const listingsRoutes: FastifyPluginAsyncZod<{ db: Database; launchMode: LaunchModeReader }> = async (app, { db, launchMode }) => {
  app.get(
    '/api/properties/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'An approved listing with its photos, host card and latest reviews',
        params: listingParams,
        querystring: z.object({ lang: z.enum(languages).default('en') }),
        response: { 200: listingDetailSchema },
      },
    },
    async (request) => {
      await launchMode.assertBrowsingAllowed(request);
      const listing = await listingDetail(db, request.params.id, request.query.lang, request.user);
      if (!listing) throw notFound();
      return listing;
    },
  );

  app.get(
    '/api/properties/:id/held-dates',
    {
      schema: {
        tags: ['listings'],
        summary: 'Nights a calendar must not offer for a stay of `rooms` rooms: blocked nights, and nights with fewer rooms left (a home has one)',
        params: listingParams,
        querystring: z.object({ rooms: z.coerce.number().int().min(1).max(roomsPicker.maxRooms).default(1) }),
        response: { 200: z.object({ held: z.array(z.object({ checkIn: z.string(), checkOut: z.string() })) }) },
      },
    },
    async (request) => {
      await launchMode.assertBrowsingAllowed(request);
      const held = await heldDates(db, request.params.id, today(), request.query.rooms);
      if (!held) throw notFound();
      return held;
    },
  );

  app.get(
    '/api/saved',
    {
      schema: {
        tags: ['listings'],
        summary: "The signed-in user's saved listings that are approved, as cards, latest saved first",
        querystring: z.object({ lang: z.enum(languages).default('en') }),
        response: { 200: z.object({ listings: z.array(listingCardSchema) }) },
      },
    },
    async (request) => ({ listings: await savedListingCards(db, requireUser(request).id, request.query.lang) }),
  );

  for (const [method, saved] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/api/saved/:id',
      schema: {
        tags: ['listings'],
        summary: saved ? 'Save a listing' : 'Remove a listing from the saved list',
        params: listingParams,
        response: { 200: z.object({ saved: z.boolean() }) },
      },
      handler: async (request) => {
        const user = requireUser(request);
        if (!(await setSaved(db, user.id, request.params.id, saved))) throw notFound();
        return { saved };
      },
    });
  }
};
