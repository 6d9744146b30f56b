import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../lib/settings.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import AuthPage from './auth-page.tsx';

const refusal = (status: number, code: string) => () => Response.json({ error: { code, message: code } }, { status });
const resetPath = '/auth?mode=reset&token=a-reset-token-from-the-mail';

describe('AuthPage password reset link', () => {
  it('says a used link was used, with the way to sign in or ask for a new link, instead of the form', async () => {
    stubApi({ '/api/auth/password-reset/check': refusal(410, 'reset_link_used') });
    renderPage(<AuthPage />, { path: resetPath });
    expect(await screen.findByRole('heading', { name: 'This link has already been used' })).toBeTruthy();
    expect(screen.getByText(/already been used\. Sign in with your new password/)).toBeTruthy();
    expect(screen.queryByTestId('new-password-form')).toBeNull();
    expect(screen.getByTestId('reset-link-sign-in')).toBeTruthy();
    await userEvent.click(screen.getByTestId('reset-link-request-new'));
    expect(await screen.findByTestId('reset-request-form')).toBeTruthy();
  });

  it('says so in Hebrew', async () => {
    stubApi({ '/api/auth/password-reset/check': refusal(410, 'reset_link_used') });
    renderPage(<AuthPage />, { path: `/he${resetPath}` });
    expect(await screen.findByRole('heading', { name: 'הקישור הזה כבר נוצל' })).toBeTruthy();
  });

  it('tells an unknown or expired link apart, offering a new one', async () => {
    stubApi({ '/api/auth/password-reset/check': refusal(400, 'invalid_reset_token') });
    renderPage(<AuthPage />, { path: resetPath });
    expect(await screen.findByRole('heading', { name: "This link can't be used" })).toBeTruthy();
    expect(screen.queryByTestId('reset-link-sign-in')).toBeNull();
    expect(screen.getByTestId('reset-link-request-new')).toBeTruthy();
  });

  it('shows the form for a link that can be used', async () => {
    stubApi({ '/api/auth/password-reset/check': { ok: true } });
    renderPage(<AuthPage />, { path: resetPath });
    expect(await screen.findByTestId('new-password-form')).toBeTruthy();
  });
});

describe('AuthPage typed text', () => {
  it('keeps what was typed when the page data arrives after the form is shown', async () => {
    let answerSettings: (value: Response) => void = () => undefined;
    stubApi({ '/api/settings/public': () => new Promise<Response>((resolve) => (answerSettings = resolve)) });
    const { queryClient } = renderPage(<AuthPage />, { path: '/auth' });
    await userEvent.type(screen.getByTestId('sign-in-email'), 'dana@example.com');
    act(() => answerSettings(Response.json({ launchMode: 'live' })));
    await waitFor(() => expect(queryClient.getQueryData(publicSettingsQueryKey)).toEqual({ launchMode: 'live' }));
    expect(screen.getByTestId('sign-in-email')).toHaveProperty('value', 'dana@example.com');
  });
});
