import { listingDraftPatchSchema } from '../../listing-draft-schema.ts';
import { errorResponseSchema, languageQuerySchema, serialIdParamsSchema } from '../common.ts';
import {
  blockDatesBodySchema,
  createListingBodySchema,
  hostArrivalInfoSchema,
  hostEarningsResponseSchema,
  hostListingActionParamsSchema,
  hostListingSchema,
  hostListingSummariesResponseSchema,
  listingBlockParamsSchema,
  listingCalendarSchema,
  listingPhotoParamsSchema,
  photoOrderBodySchema,
  placeDocumentQuerySchema,
} from '../host-listings.ts';
import { addPriceRuleBodySchema, priceRuleParamsSchema, priceRulesSchema } from '../price-rules.ts';
import { defineEndpoints } from '../endpoint.ts';

export const hostListingsEndpoints = defineEndpoints('host listings', {
  'GET /api/host/listings/:id/arrival': {
    summary: "One of my listings' arrival information: check-in instructions and house manual in both languages, and the Wi-Fi",
    params: serialIdParamsSchema,
    responses: { 200: hostArrivalInfoSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'PUT /api/host/listings/:id/arrival': {
    summary: "Replace one of my listings' arrival information; applies at once, without review. Shown only to guests of confirmed stays",
    params: serialIdParamsSchema,
    body: hostArrivalInfoSchema,
    responses: { 200: hostArrivalInfoSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'GET /api/host/listings': {
    summary: "The signed-in user's listings with their status, most recently changed first",
    query: languageQuerySchema,
    responses: { 200: hostListingSummariesResponseSchema, 401: errorResponseSchema },
  },
  'GET /api/host/earnings': {
    summary:
      "The signed-in host's earnings per month of the ledger (earned, refunded, service fees, paid out, pending), newest first, and what is owed now",
    responses: { 200: hostEarningsResponseSchema, 401: errorResponseSchema },
  },
  'GET /api/host/earnings.csv': {
    summary: "The signed-in host's earnings per month as a CSV file (text/csv), in shekels",
    produces: ['text/csv'],
  },
  'POST /api/host/listings': {
    summary: "Start a draft listing (the wizard's first step); a guest's first listing makes them a host",
    body: createListingBodySchema,
    responses: { 201: hostListingSchema, 400: errorResponseSchema, 401: errorResponseSchema },
  },
  'GET /api/host/listings/:id': {
    summary: 'One of my listings, every field as the wizard edits it (404 for anyone else)',
    params: serialIdParamsSchema,
    responses: { 200: hostListingSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'PATCH /api/host/listings/:id': {
    summary: 'Save the fields of one wizard step. A listing past draft must stay complete; its type is fixed once submitted.',
    params: serialIdParamsSchema,
    body: listingDraftPatchSchema,
    responses: {
      200: hostListingSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  },
  'POST /api/host/listings/:id/:action': {
    summary:
      'submit (draft or rejected → submitted, or approved at once when auto-approval of verified hosts is on; ID-verified hosts only), pause (approved → paused), resume (paused → approved)',
    params: hostListingActionParamsSchema,
    responses: {
      200: hostListingSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  },
  'GET /api/host/listings/:id/calendar': {
    summary: "A listing's calendar from today: stays holding dates (pending and confirmed) and the dates its host blocked",
    params: serialIdParamsSchema,
    responses: { 200: listingCalendarSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'POST /api/host/listings/:id/blocks': {
    summary: 'Block [startDate, endDate) on the calendar: no booking can take those nights; refused where a stay already holds them',
    params: serialIdParamsSchema,
    body: blockDatesBodySchema,
    responses: {
      201: listingCalendarSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  },
  'DELETE /api/host/listings/:id/blocks/:blockId': {
    summary: "Open blocked dates again (the host's own blocks; imported ones go with their calendar)",
    params: listingBlockParamsSchema,
    responses: { 200: listingCalendarSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  },
  'POST /api/host/listings/:id/photos': {
    file: true,
    summary: 'Add a photo (JPEG, PNG or WebP, at most 10 MB, as the request body); stored resized for the gallery and cards',
    params: serialIdParamsSchema,
    responses: {
      201: hostListingSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      413: errorResponseSchema,
    },
  },
  'PUT /api/host/listings/:id/photos/order': {
    summary: "Put the listing's photos in this order; the first is the cover",
    params: serialIdParamsSchema,
    body: photoOrderBodySchema,
    responses: { 200: hostListingSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'DELETE /api/host/listings/:id/photos/:photoId': {
    summary: 'Remove a photo; a listing past draft keeps at least one',
    params: listingPhotoParamsSchema,
    responses: { 200: hostListingSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  },
  'POST /api/host/listings/:id/place-document': {
    file: true,
    summary:
      'Send the proof of the right to let the listing (a deed or a lease for a home, a business licence for a hotel; JPEG, PNG or PDF, at most 10 MB, as the request body) for an admin to verify',
    params: serialIdParamsSchema,
    query: placeDocumentQuerySchema,
    responses: {
      200: hostListingSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      413: errorResponseSchema,
    },
  },
  'GET /api/host/listings/:id/price-rules': {
    summary: "A listing's seasonal price rules not ended yet, in date order",
    params: serialIdParamsSchema,
    responses: { 200: priceRulesSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
  'POST /api/host/listings/:id/price-rules': {
    summary:
      'Add a seasonal rule over a holiday season or [startDate, endDate): a percentage or a price per unit, and/or a minimum stay. Applies at once',
    params: serialIdParamsSchema,
    body: addPriceRuleBodySchema,
    responses: {
      201: priceRulesSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  },
  'DELETE /api/host/listings/:id/price-rules/:ruleId': {
    summary: 'Remove a seasonal rule',
    params: priceRuleParamsSchema,
    responses: { 200: priceRulesSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  },
});
