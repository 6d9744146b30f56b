import { apiErrorBodySchema } from '../../api-types.ts';
import { profileUpdateSchema } from '../../profile-schemas.ts';
import { idDocumentParamsSchema, profileSchema, recommendationsResponseSchema } from '../profile.ts';
import { defineEndpoints } from '../endpoint.ts';

export const profileEndpoints = defineEndpoints('profile', {
  'GET /api/profile': {
    summary: "The signed-in user's profile",
    responses: { 200: profileSchema },
  },
  'PATCH /api/profile': {
    summary: 'Edit the profile; the e-mail cannot be changed here and age follows the date of birth',
    body: profileUpdateSchema,
    responses: { 200: profileSchema },
  },
  'POST /api/profile/photo': {
    summary: 'Upload a profile photo (JPEG, PNG or WebP, at most 10 MB) as the request body; stored as a 512 px WebP without metadata',
    file: true,
    responses: { 200: profileSchema, 413: apiErrorBodySchema },
  },
  'DELETE /api/profile/photo': {
    summary: 'Remove the profile photo',
    responses: { 200: profileSchema },
  },
  'POST /api/profile/id-document': {
    summary: 'Upload an ID document (JPEG, PNG or PDF, at most 10 MB) for verification',
    file: true,
    responses: { 200: profileSchema, 413: apiErrorBodySchema },
  },
  'GET /api/users/:userId/id-document': {
    summary: "A user's ID document: for its owner and for admins only",
    params: idDocumentParamsSchema,
  },
  'GET /api/profile/recommendations': {
    summary: 'Recommendations others wrote about the signed-in user, newest first',
    responses: { 200: recommendationsResponseSchema },
  },
});
