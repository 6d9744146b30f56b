import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import { supportContact } from '../../../core/support-contact.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import ContactPage from './contact-page.tsx';

const member: SessionUser = {
  id: 'u1',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Levi',
  role: 'guest',
  language: 'en',
  idVerified: false,
};

describe('ContactPage', () => {
  it("fills in a signed-in member's name and e-mail", () => {
    renderPage(<ContactPage />, { path: '/contact', queryData: [[sessionQueryKey, member]] });
    expect(screen.getByTestId('contact-name')).toHaveProperty('value', 'Dana Levi');
    expect(screen.getByTestId('contact-email')).toHaveProperty('value', 'dana@example.com');
  });

  it('never writes over what was typed before the session arrived', async () => {
    stubApi({ '/api/session': { user: null } });
    const { queryClient } = renderPage(<ContactPage />, { path: '/contact' });
    await userEvent.type(screen.getByTestId('contact-name'), 'Someone Else');
    act(() => queryClient.setQueryData(sessionQueryKey, member));
    await waitFor(() => expect(screen.getByTestId('contact-email')).toHaveProperty('value', 'dana@example.com'));
    expect(screen.getByTestId('contact-name')).toHaveProperty('value', 'Someone Else');
  });

  it('gives the one support address and hours', () => {
    renderPage(<ContactPage />, { path: '/contact', queryData: [[sessionQueryKey, null]] });
    const info = screen.getByTestId('contact-info').textContent;
    expect(info).toContain(supportContact.email);
    expect(info).toContain('Sunday to Thursday, 9:00 to 18:00 (Israel time)');
  });
});
