/**
 * A proposal to change a confirmed stay (its dates or its party) as data (docs/decisions/058-stay-changes.md).
 * It is made `proposed` by the guest or the host, and the other side has 24 hours to answer:
 *
 * - proposed → accepted: the other side accepts; the booking takes the new dates, party and price;
 * - proposed → declined: the other side declines;
 * - proposed → expired: nobody answered within 24 hours (the expiry job), or the stay ended first;
 * - proposed → withdrawn: the side that proposed takes it back;
 * - accepted → lapsed: a card stay's difference was not paid in time (core/unpaid-extension.ts,
 *   decision 062): the stay returned to what it was.
 *
 * Every move is a conditional UPDATE `… where status = 'proposed'` (a lapse: `= 'accepted'`), so of
 * two racing moves exactly one applies. declined, expired, withdrawn and lapsed are final.
 */
export const stayChangeStatuses = ['proposed', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed'] as const;
export type StayChangeStatus = (typeof stayChangeStatuses)[number];

export const stayChangeTransitions: Record<StayChangeStatus, readonly StayChangeStatus[]> = {
  proposed: ['accepted', 'declined', 'expired', 'withdrawn'],
  accepted: ['lapsed'],
  declined: [],
  expired: [],
  withdrawn: [],
  lapsed: [],
};

/** The state a proposal is created in. */
export const stayChangeStartStates: readonly StayChangeStatus[] = ['proposed'];

/** Whether a proposal's status may move from one state to another. */
export const canMoveStayChange = (from: StayChangeStatus, to: StayChangeStatus) => stayChangeTransitions[from].includes(to);

/** How long the other side has to answer a proposal. */
export const stayChangeAnswerHours = 24;

/** Who proposed, and so who answers: the other side. */
export const stayChangeRoles = ['guest', 'host'] as const;
export type StayChangeRole = (typeof stayChangeRoles)[number];

/** The answers the other side may give. */
export const stayChangeAnswers = ['accept', 'decline'] as const;
export type StayChangeAnswer = (typeof stayChangeAnswers)[number];
