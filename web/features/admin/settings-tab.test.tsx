import { screen } from '@testing-library/react';
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
