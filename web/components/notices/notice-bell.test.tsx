import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { Notice, NoticesResponse } from '../../../core/contracts/notices.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import NoticeBell from './notice-bell.tsx';

const user = (unreadNotices: number): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'gil@example.com',
  firstName: 'Gil',
  lastName: 'Levi',
  role: 'guest',
  language: 'en',
  idVerified: false,
  unreadNotices,
});

const notice = (id: string, overrides: Partial<Notice> = {}): Notice => ({
  id,
  kind: 'period_failed',
  title: 'Payment declined',
  body: 'We couldn’t charge ₪4,200 for your stay at Sea flat (Jan 1 - Feb 1, 2027). Pay now to keep your stay.',
  link: `/my-bookings?pay=${id}`,
  createdAt: '2026-11-28T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

const page = (notices: Notice[], unread: number): NoticesResponse => ({ notices, nextBefore: null, unread });
const renderBell = (path: string, unread: number) =>
  renderPage(<NoticeBell testId="nav-notices" />, { path, queryData: [[sessionQueryKey, user(unread)]] });

describe('the notice bell', () => {
  it('shows the unread count the session carries, without a request of its own, and "99+" past 99', async () => {
    const fetchStub = stubApi({});
    const { unmount } = renderBell('/my-bookings', 3);
    const bell = screen.getByTestId('nav-notices');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    expect(bell.textContent).toBe('3');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    unmount();

    renderBell('/he/my-bookings', 120);
    expect(screen.getByTestId('nav-notices').textContent).toBe('99+');
    expect(screen.getByTestId('nav-notices').getAttribute('aria-label')).toBe('התראות, 120 שלא נקראו');
    // The first paint asked the server nothing: the count came with the session.
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows no count when all is read, and the one-notice wording', () => {
    stubApi({});
    const { unmount } = renderBell('/', 0);
    expect(screen.getByTestId('nav-notices').textContent).toBe('');
    expect(screen.getByTestId('nav-notices').getAttribute('aria-label')).toBe('Notifications');
    unmount();
    renderBell('/he', 1);
    expect(screen.getByTestId('nav-notices').getAttribute('aria-label')).toBe('התראות, 1 שלא נקראה');
  });

  it('opens a panel of notices in the page’s language; opening one marks it read, follows its link and closes the panel', async () => {
    const fetchStub = stubApi({
      '/api/notices': page(
        [
          notice('11111111-1111-4111-8111-111111111111'),
          notice('22222222-2222-4222-8222-222222222222', {
            readAt: '2026-11-27T10:00:00.000Z',
            kind: 'booking_confirmed',
            title: 'Booking confirmed',
            link: '/my-bookings',
          }),
        ],
        1,
      ),
      '/api/notices/11111111-1111-4111-8111-111111111111/read': () => Response.json({ unread: 0 }),
    });
    const { queryClient } = renderBell('/he/host/bookings', 1);
    fireEvent.click(screen.getByTestId('nav-notices'));
    const panel = await screen.findByTestId('notice-panel');
    expect(screen.getByTestId('nav-notices').getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByRole('heading').textContent).toBe('התראות');
    const items = await within(panel).findAllByTestId('notice');
    expect(items.map((item) => [item.getAttribute('href'), item.dataset.unread])).toEqual([
      ['/he/my-bookings?pay=11111111-1111-4111-8111-111111111111', 'true'],
      ['/he/my-bookings', 'false'],
    ]);
    expect(items[0]!.textContent).toContain('Payment declined');
    // The list is asked for in the page's language.
    expect(String(fetchStub.mock.calls.find(([url]) => String(url).startsWith('/api/notices?'))?.[0])).toBe('/api/notices?lang=he');

    fireEvent.click(items[0]!);
    await waitFor(() => expect(screen.queryByTestId('notice-panel')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('nav-notices').textContent).toBe(''));
    const read = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/read'));
    expect(read?.[1]?.method).toBe('POST');
    // The session's count follows, for every other reader of it.
    expect((queryClient.getQueryData(sessionQueryKey) as SessionUser).unreadNotices).toBe(0);
  });

  it('marks all read, closes on Escape with focus back on the bell, and says when there is nothing', async () => {
    stubApi({
      '/api/notices': page([notice('33333333-3333-4333-8333-333333333333')], 1),
      '/api/notices/read-all': () => Response.json({ unread: 0 }),
    });
    const { unmount } = renderBell('/my-bookings', 1);
    const bell = screen.getByTestId('nav-notices');
    fireEvent.click(bell);
    const panel = await screen.findByTestId('notice-panel');
    await within(panel).findByTestId('notice');
    fireEvent.click(within(panel).getByTestId('notices-mark-all'));
    await waitFor(() => expect(within(panel).getByTestId('notice').dataset.unread).toBe('false'));
    expect(bell.textContent).toBe('');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('notice-panel')).toBeNull());
    expect(document.activeElement).toBe(bell);
    unmount();

    stubApi({ '/api/notices': page([], 0) });
    renderBell('/my-bookings', 0);
    fireEvent.click(screen.getByTestId('nav-notices'));
    expect((await screen.findByTestId('notices-empty')).textContent).toContain('No notifications yet');
  });
});
