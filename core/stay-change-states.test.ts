import { describe, expect, it } from 'vitest';
import { canMoveStayChange, stayChangeStartStates, stayChangeStatuses, stayChangeTransitions } from './stay-change-states.ts';

describe('stay change states', () => {
  it('moves a proposal once, to one of its four ends', () => {
    expect(stayChangeStartStates).toEqual(['proposed']);
    for (const to of ['accepted', 'declined', 'expired', 'withdrawn'] as const) expect(canMoveStayChange('proposed', to)).toBe(true);
    expect(canMoveStayChange('proposed', 'proposed')).toBe(false);
  });

  it('keeps every answer final, but an accepted change may lapse (its difference unpaid, decision 062)', () => {
    expect(stayChangeTransitions.accepted).toEqual(['lapsed']);
    for (const from of stayChangeStatuses.filter((status) => status !== 'proposed' && status !== 'accepted')) {
      expect(stayChangeTransitions[from]).toEqual([]);
      for (const to of stayChangeStatuses) expect(canMoveStayChange(from, to)).toBe(false);
    }
  });
});
