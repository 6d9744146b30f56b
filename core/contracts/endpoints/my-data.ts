import { apiErrorBodySchema } from '../../api-types.ts';
import { accountDeletionsResponseSchema, dataExportParamsSchema, dataExportSchema, dataExportsResponseSchema } from '../my-data.ts';
import { defineEndpoints } from '../endpoint.ts';

export const myDataEndpoints = defineEndpoints('my-data', {
  'GET /api/my-data/exports': {
    summary: "The signed-in member's data export requests, newest first",
    responses: { 200: dataExportsResponseSchema },
  },
  'POST /api/my-data/exports': {
    summary:
      'Ask for an archive of all your data: built in the background and mailed as a link. 409 data_export_in_progress while one is being made, 429 data_export_limit_reached past 3 a day',
    responses: { 202: dataExportSchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
  },
  'GET /api/my-data/exports/:id/download': {
    summary: "Download a built archive (ZIP): for its member only (404 for anyone else's id); 410 data_export_expired once past its date",
    params: dataExportParamsSchema,
    produces: ['application/zip'],
  },
  'GET /api/admin/account-deletions': {
    tags: ['admin'],
    summary: 'Closed accounts and the state of their erasure, newest first',
    responses: { 200: accountDeletionsResponseSchema },
  },
});
