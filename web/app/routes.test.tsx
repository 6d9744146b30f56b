import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../lib/settings.ts';
import { pageModulesOf } from './routes.tsx';

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
