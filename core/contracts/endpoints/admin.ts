import { reportCreateSchema } from '../../admin-schemas.ts';
import { apiErrorBodySchema } from '../../api-types.ts';
import {
  adminSettingsResponseSchema,
  approveListingChangesBodySchema,
  auditQuerySchema,
  auditResponseSchema,
  changeRoleBodySchema,
  createReportResponseSchema,
  listingIdParamsSchema,
  mailPreviewBodySchema,
  mailPreviewResponseSchema,
  moveReportBodySchema,
  okSchema,
  rejectBodySchema,
  reportIdParamsSchema,
  reportsQuerySchema,
  reportsResponseSchema,
  statsResponseSchema,
  updateSettingsBodySchema,
  userIdParamsSchema,
  userParamsSchema,
  usersQuerySchema,
  usersResponseSchema,
  verificationsResponseSchema,
} from '../admin.ts';
import { defineEndpoints } from '../endpoint.ts';

export const adminEndpoints = defineEndpoints('admin', {
  'GET /api/admin/audit': {
    summary: 'The security audit trail, newest first (at most 500 entries)',
    query: auditQuerySchema,
    responses: { 200: auditResponseSchema },
  },
  'GET /api/admin/audit.csv': {
    summary: 'The filtered audit trail as a CSV file (text/csv, at most 10 000 entries)',
    query: auditQuerySchema,
    produces: ['text/csv'],
  },
  'POST /api/reports': {
    tags: ['reports'],
    summary: 'Report a listing or a user to the admins (any signed-in user)',
    body: reportCreateSchema,

    // No such listing, user or conversation to report (admin-reports-repository.ts).
    responses: { 201: createReportResponseSchema, 404: apiErrorBodySchema },
  },
  'GET /api/admin/reports': {
    summary: 'Reports filed by users, newest first',
    query: reportsQuerySchema,
    responses: { 200: reportsResponseSchema },
  },
  'PATCH /api/admin/reports/:id': {
    summary: 'Move a report on (pending → investigating → resolved or dismissed), with notes',
    params: reportIdParamsSchema,
    body: moveReportBodySchema,
    responses: { 200: okSchema },
  },
  'GET /api/admin/stats': {
    summary: 'The four dashboard figures with last month’s',
    responses: { 200: statsResponseSchema },
  },
  'GET /api/admin/settings': {
    summary: 'Platform settings',
    responses: { 200: adminSettingsResponseSchema },
  },
  'PATCH /api/admin/settings': {
    summary: 'Change platform settings (only the fields sent); a launch-mode change applies at once',
    body: updateSettingsBodySchema,
    responses: { 200: adminSettingsResponseSchema },
  },
  'POST /api/admin/settings/mail-preview': {
    summary: 'Render a mail wording with sample values, as the recipient would see it',
    body: mailPreviewBodySchema,
    responses: { 200: mailPreviewResponseSchema },
  },
  'GET /api/admin/users': {
    summary: 'Search users by e-mail or name, filter by role and status',
    query: usersQuerySchema,
    responses: { 200: usersResponseSchema },
  },
  'PATCH /api/admin/users/:id/role': {
    summary: "Change a user's role",
    params: userParamsSchema,
    body: changeRoleBodySchema,
    responses: { 200: okSchema },
  },
  'POST /api/admin/users/:id/suspend': {
    summary:
      'Suspend a user: their sessions end, sign-in is refused, their published listings are taken down and the requests waiting at them are declined (the guests are e-mailed)',
    params: userParamsSchema,
    responses: { 200: okSchema },
  },
  'POST /api/admin/users/:id/reactivate': {
    summary: 'Reactivate a suspended user; the listings the suspension took down are published again',
    params: userParamsSchema,
    responses: { 200: okSchema },
  },
  'GET /api/admin/verifications': {
    summary: 'ID documents, listings and edits of published listings waiting for a decision, oldest first',
    responses: { 200: verificationsResponseSchema },
  },
  'POST /api/admin/verifications/:userId/approve': {
    summary: 'Approve a pending ID document: the user is verified',
    responses: { 200: okSchema },
    params: userIdParamsSchema,
  },
  'POST /api/admin/verifications/:userId/reject': {
    summary: 'Reject a pending ID document with a reason; the user is e-mailed and may upload again',
    responses: { 200: okSchema },
    body: rejectBodySchema,
    params: userIdParamsSchema,
  },
  'GET /api/admin/listings/:id/place-document': {
    summary: "A listing's proof of the right to let it (deed, lease or business licence): for admins only",
    params: listingIdParamsSchema,
  },
  'POST /api/admin/places/:id/approve': {
    summary: "Verify a listing's place from its document: the listing shows the Verified place badge",
    params: listingIdParamsSchema,
    responses: { 200: okSchema },
  },
  'POST /api/admin/places/:id/reject': {
    summary: "Turn a listing's place document down with a reason the host sees and is mailed; they may send another",
    params: listingIdParamsSchema,
    responses: { 200: okSchema },
    body: rejectBodySchema,
  },
  'POST /api/admin/listings/:id/approve': {
    summary: 'Approve a submitted listing: it is published',
    params: listingIdParamsSchema,
    responses: { 200: okSchema },
  },
  'POST /api/admin/listings/:id/reject': {
    summary: 'Reject a submitted listing with a reason the host sees',
    params: listingIdParamsSchema,
    responses: { 200: okSchema },
    body: rejectBodySchema,
  },
  'POST /api/admin/listing-changes/:id/approve': {
    summary:
      "Approve the host's edits of a published listing (the version the admin saw): guests see the edited version from now on. 409 changes_outdated when the host edited it since.",
    params: listingIdParamsSchema,
    responses: { 200: okSchema },
    body: approveListingChangesBodySchema,
  },
  'POST /api/admin/listing-changes/:id/reject': {
    summary: "Turn the host's edits of a published listing down with a reason the host is mailed; the approved version stays",
    params: listingIdParamsSchema,
    responses: { 200: okSchema },
    body: rejectBodySchema,
  },
});
