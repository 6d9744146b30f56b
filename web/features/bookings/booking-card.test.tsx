import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { CancelButton } from './booking-card.tsx';

describe('CancelButton', () => {
  it('offers to withdraw a request the host has not answered yet', () => {
    renderPage(<CancelButton status="pending" onClick={() => undefined} />, { path: '/my-bookings' });
    expect(screen.getByTestId('booking-cancel').textContent).toBe('Withdraw request');
  });

  it('in Hebrew too', () => {
    renderPage(<CancelButton status="pending" onClick={() => undefined} />, { path: '/he/my-bookings' });
    expect(screen.getByTestId('booking-cancel').textContent).toBe('משיכת הבקשה');
  });

  it('offers to cancel a confirmed booking', () => {
    renderPage(<CancelButton status="confirmed" onClick={() => undefined} />, { path: '/my-bookings' });
    expect(screen.getByTestId('booking-cancel').textContent).toBe('Cancel booking');
  });
});
