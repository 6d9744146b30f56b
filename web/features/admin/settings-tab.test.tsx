import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editableMailTemplates } from '../../../core/admin-rules.ts';
import type { AdminSettings } from '../../../core/contracts/admin.ts';
import he from '../../i18n/he.json';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import { SettingsTab } from './settings-tab.tsx';

const text = { subject: 'Subject', body: 'Body' };
const settings: AdminSettings = {
  autoApproveVerifiedHosts: false,
  commissionRates: { hotel: 10, sublet: 10, rental: 10 },
  mailTemplates: {},
  launchMode: 'live',
  unverifiedPlacesMayBook: true,
  longStayDueDaysBefore: 3,
  longStayGraceDays: 5,
  mailDefaults: Object.fromEntries(editableMailTemplates.map((name) => [name, { en: text, he: text }])) as AdminSettings['mailDefaults'],
};

describe('SettingsTab mail templates', () => {
  it('opens on the first template of the list (issue 41 item 11)', async () => {
    stubApi({ '/api/admin/settings': settings, '/api/admin/settings/mail-preview': { subject: 'S', text: 'T', html: '<p>T</p>' } });
    renderPage(<SettingsTab />, { path: '/admin' });
    const select = await screen.findByLabelText('Template');
    expect((select as HTMLSelectElement).value).toBe(editableMailTemplates[0]);
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
  });

  it("opens on the template's Hebrew version on a Hebrew page (issue 41 item 5)", async () => {
    stubApi({ '/api/admin/settings': settings, '/api/admin/settings/mail-preview': { subject: 'S', text: 'T', html: '<p>T</p>' } });
    renderPage(<SettingsTab />, { path: '/he/admin' });
    const select = await screen.findByLabelText(he.admin.settings.mailLanguage);
    expect((select as HTMLSelectElement).value).toBe('he');
  });
});

describe('SettingsTab long stays (decision 060)', () => {
  /** The settings answered on GET (rates the form accepts); each PATCH's body kept and answered as saved. */
  function stubSettings() {
    const patches: Record<string, unknown>[] = [];
    const stored = { ...settings, commissionRates: { hotel: 0.12, sublet: 0.08, rental: 0.1 } };
    stubApi({
      '/api/admin/settings': (init: RequestInit | undefined) => {
        if (init?.method !== 'PATCH') return Response.json(stored);
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(body);
        return Response.json({ ...stored, ...body });
      },
    });
    return patches;
  }

  it('shows the due days and grace days and saves them as whole numbers', async () => {
    const patches = stubSettings();
    renderPage(<SettingsTab />, { path: '/admin' });
    const due = (await screen.findByLabelText('Days before each month that its payment is due')) as HTMLInputElement;
    const grace = screen.getByLabelText('Days after an unpaid due date before the host may end the stay') as HTMLInputElement;
    expect([due.value, grace.value]).toEqual(['3', '5']);
    fireEvent.change(due, { target: { value: '7' } });
    fireEvent.change(grace, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('admin-settings-save'));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ longStayDueDaysBefore: 7, longStayGraceDays: 10 });
  });

  it('refuses days out of bounds, in Hebrew too, and sends nothing', async () => {
    const patches = stubSettings();
    renderPage(<SettingsTab />, { path: '/he/admin' });
    const due = (await screen.findByLabelText(he.admin.settings.dueDaysBefore)) as HTMLInputElement;
    const grace = screen.getByLabelText(he.admin.settings.graceDays) as HTMLInputElement;
    fireEvent.change(due, { target: { value: '15' } });
    fireEvent.change(grace, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('admin-settings-save'));
    expect(await screen.findByText('יש להזין מספר שלם של ימים בין 0 ל-14.')).toBeTruthy();
    expect(screen.getByText('יש להזין מספר שלם של ימים בין 1 ל-30.')).toBeTruthy();
    expect(due.getAttribute('aria-invalid')).toBe('true');
    // Half a day is no day either.
    fireEvent.change(due, { target: { value: '2.5' } });
    fireEvent.change(grace, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('admin-settings-save'));
    await waitFor(() => expect(screen.getAllByText(/יש להזין מספר שלם של ימים/)).toHaveLength(2));
    expect(patches).toEqual([]);
  });
});
