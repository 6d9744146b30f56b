import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../core/contracts/admin.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import { AuditTab } from './audit-tab.tsx';

const event = (id: number, fields: Partial<AuditEvent>): AuditEvent => ({
  id,
  createdAt: '2026-11-27T10:00:00Z',
  eventType: 'ADMIN_ACTION',
  userId: null,
  email: 'admin@example.com',
  description: null,
  descriptionCode: null,
  descriptionParams: null,
  ip: '127.0.0.1',
  userAgent: null,
  ...fields,
});

const events: AuditEvent[] = [
  event(1, {
    description: 'Listing 7 rejected: Blurry photos',
    descriptionCode: 'listingRejected',
    descriptionParams: { id: '7', reason: 'Blurry photos' },
  }),
  event(2, {
    description: 'Report 3: pending → resolved',
    descriptionCode: 'reportStatus',
    descriptionParams: { id: '3', from: 'pending', to: 'resolved', notes: '' },
  }),
  // Written before codes: shown as stored.
  event(3, { description: 'Payout 5 to host@example.com: ₪100' }),
];

// Parameters come isolated in their own direction (U+2068…U+2069); the words around them are what is checked.
const plain = (text: string | null | undefined) => text?.replace(/[\u2068\u2069]/g, '');

async function descriptions() {
  const rows = await within(await screen.findByTestId('audit-table')).findAllByRole('row');
  // The description is the fourth column.
  return rows.slice(1).map((row) => plain(within(row).getAllByRole('cell')[3]?.textContent));
}

describe('AuditTab descriptions (issue 41, item 5)', () => {
  it('in Hebrew on a Hebrew page', async () => {
    stubApi({ '/api/admin/audit': events });
    renderPage(<AuditTab />, { path: '/he/admin' });
    const cells = within(await screen.findByTestId('audit-table')).getAllByRole('row');
    expect(within(cells[1]!).getAllByRole('cell')[3]?.textContent).toBe('מודעה \u20687\u2069 נדחתה: \u2068Blurry photos\u2069');
    expect(await descriptions()).toEqual(['מודעה 7 נדחתה: Blurry photos', 'דיווח 3: ממתין ← טופל', 'Payout 5 to host@example.com: ₪100']);
  });

  it('in English on an English page', async () => {
    stubApi({ '/api/admin/audit': events });
    renderPage(<AuditTab />, { path: '/admin' });
    expect(await descriptions()).toEqual([
      'Listing 7 rejected: Blurry photos',
      'Report 3: Pending → Resolved',
      'Payout 5 to host@example.com: ₪100',
    ]);
  });
});
