import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HostListingSummary } from '../../../core/contracts/host-listings.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import HostDashboardPage from './host-dashboard-page.tsx';

const row = (id: number, propertyType: HostListingSummary['propertyType'], listPrice: number): HostListingSummary => ({
  id,
  propertyType,
  status: 'approved',
  rejectionReason: null,
  pendingChanges: false,
  placeVerification: { status: 'none', kind: null, submittedAt: null, rejectionReason: null },
  changesRejectionReason: null,
  title: `Listing ${id}`,
  location: 'Haifa',
  coverUrl: null,
  cover: null,
  listPrice,
  updatedAt: '2026-11-23T10:00:00Z',
});

describe('HostDashboardPage', () => {
  it("gives each listing's price with its unit, as the listing cards do", async () => {
    stubApi({
      '/api/host/listings': { listings: [row(1, 'hotel', 450), row(2, 'rental', 2600), row(3, 'sublet', 9000)] },
      '/api/host/earnings': { months: [], due: 0, feesOwed: 0, waiting: 0, scheduled: 0 },
    });
    renderPage(<HostDashboardPage />, { path: '/host/listings' });
    const facts = await screen.findAllByTestId('host-listing-facts');
    expect(facts.map((fact) => fact.textContent)).toEqual(['Haifa · ₪450/night', 'Haifa · ₪2,600/week', 'Haifa · ₪9,000/month']);
  });
});
