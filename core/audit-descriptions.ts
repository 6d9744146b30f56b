/**
 * What an audit-trail entry says, as a code and its parameters, so each reader sees it in their own
 * language (issue 41, item 5): the web translates `admin.audit.descriptions.<code>` with the
 * parameters. The English sentence is still stored beside it, for the CSV export and for entries
 * written before codes (and the few writers without one), which the page shows as stored.
 */
export const auditDescriptionCodes = [
  'reportStatus',
  'roleChanged',
  'userSuspended',
  'userReactivated',
  'settingsChanged',
  'idApproved',
  'idRejected',
  'listingApproved',
  'listingRejected',
  'changesApproved',
  'changesRejected',
  'placeVerified',
  'placeRejected',
  'accountCreated',
  'passwordResetRequested',
  'passwordChanged',
  'signedOutEverywhere',
  'accountClosed',
  'dataExportRequested',
] as const;
export type AuditDescriptionCode = (typeof auditDescriptionCodes)[number];

/** Parameters are the user's words or ids, shown as written. */
export type AuditDescriptionParams = Record<string, string>;

export interface AuditDescription {
  code: AuditDescriptionCode;
  params?: AuditDescriptionParams;
}
