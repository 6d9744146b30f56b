import type { reportStatuses } from './constants.ts';

/**
 * The admin's rules, pure and without zod (the admin page loads them); the request schemas are in
 * admin-schemas.ts.
 */

/** Mails an admin may reword (settings); their {{placeholders}} are filled when a mail is sent. */
export const editableMailTemplates = ['verificationApproved', 'verificationRejected', 'listingApproved', 'listingRejected'] as const;
export type EditableMailTemplate = (typeof editableMailTemplates)[number];

/** The placeholders each editable mail offers, with the sample values the preview uses. */
export const mailTemplateSamples: Record<EditableMailTemplate, Record<string, string>> = {
  verificationApproved: { firstName: 'Dana' },
  verificationRejected: { firstName: 'Dana', reason: 'The photo is blurred' },
  listingApproved: { firstName: 'Dana', title: 'Sunny loft by the sea' },
  listingRejected: { firstName: 'Dana', title: 'Sunny loft by the sea', reason: 'Photos are missing' },
};

/** Which way a report may move: pending → investigating → resolved or dismissed (also straight from pending). */
type ReportStatus = (typeof reportStatuses)[number];
export const reportTransitions: Record<ReportStatus, readonly Exclude<ReportStatus, 'pending'>[]> = {
  pending: ['investigating', 'resolved', 'dismissed'],
  investigating: ['resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};

/** Whether a report may move from one status to another (see reportTransitions). */
export const canMoveReport = (from: ReportStatus, to: ReportStatus) => (reportTransitions[from] as readonly ReportStatus[]).includes(to);

/** Nobody reports themself or their own listing: such reports are mistakes or attempts to game the queue. */
export function reportTargetProblem(reporterId: string, target: { reportedUserId: string | null; hostId: string | null }) {
  if (target.reportedUserId === reporterId) return 'cannot_report_self' as const;
  if (target.hostId === reporterId) return 'cannot_report_own_listing' as const;
  return null;
}

/** Change from last month as a whole percentage; null when last month was zero (no base to compare). */
export function percentChange(current: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return Math.round(((current - lastMonth) / lastMonth) * 100);
}
