import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpcomingPayout } from '../../../core/contracts/finance.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import { UpcomingPayouts } from './upcoming-payouts.tsx';

const payout: UpcomingPayout = {
  hostId: '7e2aa319-36a2-4789-9180-fa3af754e92c',
  email: 'rania.khoury@example.com',
  name: 'Rania Khoury',
  bookingId: 'a3d6b517-581c-4982-b2b2-858985abf032',
  sequence: 0,
  periodStart: '2026-12-10',
  // 24 hours after the period starts at 00:00 in Israel (UTC+2 in December).
  payableAt: '2026-12-10T22:00:00.000Z',
  amount: 3800,
  state: 'waiting',
};

describe('UpcomingPayouts', () => {
  it("says the day a share becomes payable in Israel's time, whatever the admin's time zone", async () => {
    stubApi({ '/api/admin/finance/upcoming-payouts': { payouts: [payout] } });
    renderPage(<UpcomingPayouts />, { path: '/admin' });
    expect(await screen.findByText('Dec 11, 2026')).toBeTruthy();
    expect(screen.getByText('Payment 1, from Dec 10, 2026')).toBeTruthy();
    expect(screen.getByText('Waiting for move-in')).toBeTruthy();
  });
});
