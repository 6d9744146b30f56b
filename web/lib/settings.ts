import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaunchMode } from '../../core/constants.ts';
import { api } from './api-client.ts';

export const publicSettingsQueryKey = ['settings', 'public'] as const;

/** Public platform settings, fetched once per page load. */
export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => api.get('/api/settings/public', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

/** The launch mode, prelaunch until the settings have arrived. */
export function usePublicSettings() {
  const query = useQuery(publicSettingsQuery());
  const launchMode: LaunchMode = query.data?.launchMode === 'live' ? 'live' : 'prelaunch';
  return { launchMode, isLoading: query.isPending };
}
