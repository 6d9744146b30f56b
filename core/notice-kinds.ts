/**
 * The in-app notices (issue 37, docs/decisions/063-notices.md): what a member is told in the app
 * beside the mail about the same moment, each kind with the side it goes to. A notice is stored as
 * its kind, a path inside the app and the values its text needs, never the text: the text is
 * written when it is read, in the reader's language of that moment (server/features/notices/notice-texts.ts).
 */

export const noticeKinds = [
  // A long stay's card period (decision 054): the guest, with a link to pay that period.
  'period_failed',
  'period_action_required',
  // A period still unpaid when its grace days ended: the host, who may now end the stay.
  'period_grace_over',
  // The host ended the stay for an unpaid period: the guest.
  'stay_ended_unpaid',
  // Move-in protection (decision 056): the host of a report, both sides of its decision.
  'move_in_reported',
  'move_in_decided',
  // A change of a confirmed stay (decision 058): the other side of a proposal, the proposer of its answer.
  'stay_change_proposed',
  'stay_change_accepted',
  'stay_change_declined',
  'stay_change_expired',
  // An accepted change that made a card stay dearer, its difference unpaid (decision 062): the guest is
  // reminded before the deadline; past it the change lapses and both sides are told.
  'stay_change_unpaid',
  'stay_change_lapsed',
  // A booking: the host of a request (or an instant booking), the guest of the answer; the other side of a cancellation.
  'booking_requested',
  'booking_booked',
  'booking_confirmed',
  'booking_declined',
  'booking_expired',
  'booking_cancelled',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeLimits = {
  /** Notices in one page of the list, unless the reader asks for fewer. */
  pageSize: 20,
  /** The most one page may hold: the list is read page by page, never whole. */
  maxPageSize: 50,
  /** The unread count stops here (the bell shows "99+"): counting is bounded too. */
  unreadCap: 100,
} as const;

/**
 * A path inside the app ('/my-bookings?pay=…'), which the web localizes: one leading slash and never
 * two or a backslash ('//host' and '/\host' leave the site), no scheme, no control characters.
 */
export function isAppPath(path: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(path) && path.length <= 300;
}

/** What the bell shows for a count: up to 99, then "99+". */
export function unreadLabel(count: number, format: (value: number) => string): string {
  return count > 99 ? `${format(99)}+` : format(count);
}
