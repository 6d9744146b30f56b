import { describe, expect, it } from 'vitest';
import { bookingStartStates, bookingStatesBefore, bookingTransitions, canMoveBooking } from './booking-states.ts';
import { bookingStatuses } from './constants.ts';
import {
  canMovePayment,
  paymentStartStates,
  paymentStatesBefore,
  paymentStatuses,
  paymentTransitions,
  paymentWasTaken,
} from './payment-states.ts';

/** Every state reachable from `starts` by the table's moves, the starts included. */
function reachable<S extends string>(table: Record<S, readonly S[]>, starts: readonly S[]): Set<S> {
  const seen = new Set<S>(starts);
  const queue = [...starts];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of table[state]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const machines = [
  {
    name: 'booking',
    states: bookingStatuses,
    table: bookingTransitions,
    starts: bookingStartStates,
    finals: ['declined', 'expired', 'cancelled', 'completed'],
    canMove: canMoveBooking as (from: string, to: string) => boolean,
    before: bookingStatesBefore as (to: string) => string[],
  },
  {
    name: 'payment',
    states: paymentStatuses,
    table: paymentTransitions,
    starts: paymentStartStates,
    finals: ['refunded', 'partially_refunded', 'cancelled'],
    canMove: canMovePayment as (from: string, to: string) => boolean,
    before: paymentStatesBefore as (to: string) => string[],
  },
] as const;

describe.each(machines)('$name states', ({ states, table, starts, finals, canMove, before }) => {
  const moves = table as Record<string, readonly string[]>;

  it('has a row for every state, and moves only between known states, never to the same state', () => {
    expect(Object.keys(moves).sort()).toEqual([...states].sort());
    for (const [from, tos] of Object.entries(moves)) {
      for (const to of tos) {
        expect(states).toContain(to);
        expect(to).not.toBe(from);
      }
      expect(new Set(tos).size).toBe(tos.length);
    }
  });

  it('reaches every state from a start state (none is unreachable)', () => {
    expect([...reachable(moves, starts)].sort()).toEqual([...states].sort());
  });

  it('has no exit from a final state, and every other state has one', () => {
    for (const state of states) expect(moves[state]!.length === 0, state).toBe((finals as readonly string[]).includes(state));
  });

  it('allows exactly the moves of the table (canMove and the states a move expects agree with it)', () => {
    for (const from of states) {
      for (const to of states) {
        expect(canMove(from, to), `${from} → ${to}`).toBe(moves[from]!.includes(to));
        expect(before(to).includes(from), `${from} → ${to}`).toBe(moves[from]!.includes(to));
      }
    }
  });
});

describe('paymentWasTaken', () => {
  it('holds for captured and every state a captured payment can reach, and no other', () => {
    const taken = reachable(paymentTransitions, ['captured']);
    for (const status of paymentStatuses) expect(paymentWasTaken(status), status).toBe(taken.has(status));
    expect([...taken].sort()).toEqual(['captured', 'partially_refunded', 'refunded']);
  });
});
