import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { flushAnalytics } from '../lib/analytics.ts';
import { publicSettingsQueryKey } from '../lib/settings.ts';
import { renderPage, stubApi } from '../test/render-page.tsx';
import { AppRoutes, pageModulesOf } from './routes.tsx';

describe('the page modules of a location', () => {
  it('are the route’s page, inside its guard, in both languages', () => {
    expect(pageModulesOf('/property/3')).toEqual(['features/property/property-page.tsx']);
    expect(pageModulesOf('/he/results')).toEqual(['features/results/results-page.tsx']);
    expect(pageModulesOf('/no-such-page')).toEqual(['features/errors/not-found-page.tsx']);
  });

  it('are only the page the home route shows in the launch mode the server fetched', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(publicSettingsQueryKey, { launchMode: 'live' });
    expect(pageModulesOf('/', queryClient)).toEqual(['features/explore/explore-page.tsx']);
    queryClient.setQueryData(publicSettingsQueryKey, { launchMode: 'prelaunch' });
    expect(pageModulesOf('/he', queryClient)).toEqual(['features/landing/landing-page.tsx']);
    expect(pageModulesOf('/')).toEqual(['features/explore/explore-page.tsx', 'features/landing/landing-page.tsx']);
  });
});

describe('page views (issue 41 item 10)', () => {
  /** The paths of the page views the app sends once it shows `path` (waits for the first). */
  async function pageViewsOf(path: string, user: object | null = null): Promise<string[]> {
    const fetchStub = stubApi({
      '/api/session': { user },
      '/api/settings/public': { launchMode: 'live' },
      '/api/analytics/events': () => new Response(null, { status: 204 }),
    });
    // The layout reads the colour scheme and watches elements; jsdom has neither.
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} }));
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const view = renderPage(<AppRoutes />, { path });
    const sent = () => {
      flushAnalytics();
      return fetchStub.mock.calls
        .filter(([input]) => String(input).endsWith('/api/analytics/events'))
        .flatMap(([, init]) => (JSON.parse(String(init?.body)) as { events: { path: string }[] }).events.map((event) => event.path));
    };
    await waitFor(() => expect(sent().length).toBeGreaterThan(0), { timeout: 4000 });
    const paths = sent();
    view.unmount();
    return paths;
  }

  it('records the route pattern, not the private id in the path', async () => {
    const id = '3f2b8c1e-7a4d-4e0b-9c6f-2d1e5a7b8c9d';
    expect(await pageViewsOf(`/people/${id}`)).toEqual(['/people/:id']);
    const guest = { id: 'u1', email: 'dana@example.com', firstName: 'Dana', lastName: 'Levi', role: 'guest', idVerified: false };
    expect(await pageViewsOf(`/he/my-bookings/${id}/receipt`, guest)).toEqual(['/my-bookings/:id/receipt']);
  });

  it('keeps the path of a listing, whose id is public, and does not count the /old-home redirect', async () => {
    expect(await pageViewsOf('/property/12')).toEqual(['/property/12']);
    expect(await pageViewsOf('/old-home')).toEqual(['/']);
  });
});
