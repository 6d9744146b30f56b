import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import type { JobApplicationRecord } from '../../../core/contracts/careers.ts';
import { RecordsTab } from './records-tab.tsx';

const application = (id: number, positionSlug: string): JobApplicationRecord => ({
  id,
  positionSlug,
  name: 'Dana Levi',
  email: 'dana@example.com',
  cvBytes: 1000,
  language: 'en',
  cvUrl: `/media/cv/${id}.pdf`,
  createdAt: '2026-11-23T10:00:00Z',
});

async function positionCells() {
  const section = await screen.findByTestId('records-jobs');
  const rows = await within(section).findAllByRole('row');
  // The position is the second column, after the date received.
  return rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
}

describe('RecordsTab job applications', () => {
  const answers = {
    '/api/admin/job-applications': { items: [application(1, 'product-designer'), application(2, 'closed-position')] },
    '/api/admin/contact-messages': { items: [] },
    '/api/admin/newsletter-subscriptions': { items: [] },
    '/api/admin/signups': { items: [] },
    '/api/admin/analytics/page-views': { items: [] },
  };

  it("shows the position's title, not its slug", async () => {
    stubApi(answers);
    renderPage(<RecordsTab />, { path: '/admin' });
    expect(await positionCells()).toEqual(['Product Designer', 'closed-position']);
  });

  it('in the language of the page', async () => {
    stubApi(answers);
    renderPage(<RecordsTab />, { path: '/he/admin' });
    const [title] = await positionCells();
    expect(title).not.toBe('product-designer');
    expect(title).toMatch(/[\u0590-\u05FF]/);
  });
});
