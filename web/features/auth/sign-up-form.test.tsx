import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Toaster from '../../components/toaster.tsx';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import { SignUpFormView } from './sign-up-form.tsx';

describe('SignUpFormView toasts', () => {
  it('replaces the toast when the same form is sent again, instead of stacking identical ones', async () => {
    stubApi({});
    renderPage(
      <>
        <Toaster dir="ltr" theme="light" label="Notifications" closeLabel="Close" />
        <SignUpFormView onCreated={() => undefined} />
      </>,
      { path: '/auth' },
    );
    const submit = screen.getByTestId('sign-up-submit');
    await userEvent.click(submit);
    const toasts = () => document.querySelectorAll('[data-sonner-toast]');
    await waitFor(() => expect(toasts().length).toBe(1));
    await userEvent.click(submit);
    await userEvent.click(submit);
    // Give the second and third toasts time to appear if they were going to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toasts()).toHaveLength(1);
  });
});
