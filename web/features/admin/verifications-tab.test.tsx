import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import type { ListingChange, Verifications } from '../../../core/contracts/admin.ts';
import { VerificationsTab } from './verifications-tab.tsx';

const change: ListingChange = {
  id: 7,
  titleEn: 'Sea view loft',
  titleHe: 'לופט עם נוף לים',
  propertyType: 'sublet',
  status: 'approved',
  submittedAt: '2026-11-23T10:00:00Z',
  host: { id: '00000000-0000-4000-8000-000000000001', email: 'host@example.com', firstName: 'Dana', lastName: 'Levi' },
  changes: [
    { field: 'pricePerNight', before: 6200, after: 9900 },
    { field: 'maxGuests', before: 4, after: 12000 },
  ],
  photos: null,
  version: '1',
  photoMatches: [],
};

const answers = {
  '/api/admin/verifications': { idDocuments: [], listings: [], listingChanges: [change], places: [] } satisfies Verifications,
};

async function fieldCells(field: string) {
  const rows = await screen.findAllByTestId('listing-change-field');
  const row = rows.find((candidate) => candidate.getAttribute('data-field') === field);
  if (!row) throw new Error(`no row for ${field}`);
  return [within(row).getByTestId('listing-change-before').textContent, within(row).getByTestId('listing-change-after').textContent];
}

describe('VerificationsTab listing changes', () => {
  it('shows a changed price as money, with ₪ and separators', async () => {
    stubApi(answers);
    renderPage(<VerificationsTab />, { path: '/admin' });
    expect(await fieldCells('pricePerNight')).toEqual(['₪6,200', '₪9,900']);
    expect(await fieldCells('maxGuests')).toEqual(['4', '12,000']);
  });

  it('in the format of the page', async () => {
    stubApi(answers);
    renderPage(<VerificationsTab />, { path: '/he/admin' });
    const [before, after] = await fieldCells('pricePerNight');
    expect(before).toContain('₪');
    expect(before).toContain('6,200');
    expect(after).toContain('9,900');
  });
});

describe('VerificationsTab places and photo matches (issue 39)', () => {
  const host = { id: '00000000-0000-4000-8000-000000000002', email: 'dana@example.com', firstName: 'Dana', lastName: 'Levi' };
  const queue: Verifications = {
    idDocuments: [],
    listingChanges: [],
    listings: [
      {
        id: 9,
        titleEn: 'Copied flat',
        titleHe: 'דירה מועתקת',
        propertyType: 'sublet',
        status: 'submitted',
        submittedAt: '2026-11-23T10:00:00Z',
        host,
        photoMatches: [
          {
            photoUrl: '/api/media/public/listing-photos/9/a.webp',
            distance: 2,
            matched: {
              id: 3,
              titleEn: 'The original flat',
              titleHe: 'הדירה המקורית',
              status: 'approved',
              hostEmail: 'owner@example.com',
              photoUrl: '/api/media/public/listing-photos/3/b.webp',
            },
          },
        ],
      },
    ],
    places: [
      {
        id: 4,
        titleEn: 'Garden sublet',
        titleHe: 'סאבלט עם גינה',
        propertyType: 'sublet',
        status: 'approved',
        kind: 'lease',
        submittedAt: '2026-11-24T10:00:00Z',
        host,
        documentUrl: '/api/admin/listings/4/place-document',
      },
    ],
  };

  it('lists the place with its document link, and shows a copied photo beside the one it copies', async () => {
    stubApi({ '/api/admin/verifications': queue });
    renderPage(<VerificationsTab />, { path: '/admin' });
    const place = await screen.findByTestId('place-verification-item');
    expect(place.textContent).toContain('Garden sublet');
    expect(place.textContent).toContain('Lease with permission to sublet');
    expect(within(place).getByTestId('place-document-link').getAttribute('href')).toBe('/api/admin/listings/4/place-document');
    const match = await screen.findByTestId('photo-match');
    expect(
      within(match)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/media/public/listing-photos/9/a.webp', '/api/media/public/listing-photos/3/b.webp']);
    expect(within(match).getByTestId('photo-match-listing').textContent).toContain('The original flat');
  });

  it('in Hebrew', async () => {
    stubApi({ '/api/admin/verifications': queue });
    renderPage(<VerificationsTab />, { path: '/he/admin' });
    const place = await screen.findByTestId('place-verification-item');
    expect(place.textContent).toContain('סאבלט עם גינה');
    expect(place.textContent).toContain('חוזה שכירות עם היתר להשכרת משנה');
    expect((await screen.findByTestId('photo-match-listing')).textContent).toContain('הדירה המקורית');
  });
});
