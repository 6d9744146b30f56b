import { jobApplicationRecordSchema } from '../careers.ts';
import { adminRecordListEndpoint } from '../admin.ts';
import { apiErrorBodySchema } from '../../api-types.ts';
import { jobApplicationFieldsSchema } from '../../career-schemas.ts';
import { applyResponseSchema, jobApplicationParamsSchema } from '../careers.ts';
import { defineEndpoints } from '../endpoint.ts';

export const careersEndpoints = defineEndpoints('careers', {
  'POST /api/careers/applications': {
    file: true,
    summary: 'Apply for an open position: the CV (a PDF of at most 10 MB) is the body, the other fields the query',
    query: jobApplicationFieldsSchema,
    responses: { 201: applyResponseSchema, 400: apiErrorBodySchema, 413: apiErrorBodySchema },
  },
  'GET /api/admin/job-applications/:id/cv': {
    tags: ['admin'],
    summary: 'The CV of one job application, as a PDF (admins only)',
    params: jobApplicationParamsSchema,
  },
  'GET /api/admin/job-applications': adminRecordListEndpoint(
    'Job applications, newest first, with a link to each CV (admins only)',
    jobApplicationRecordSchema,
  ),
});
