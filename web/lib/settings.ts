import { useQuery } from '@tanstack/react-query';
import type { LaunchMode } from '../../core/constants.ts';
import { api } from './api-client.ts';

export const publicSettingsQueryKey = ['settings', 'public'] as const;

interface PublicSettings {
  launchMode: LaunchMode;
}

/** Public platform settings, fetched once per page load. Launch mode defaults to prelaunch. */
export function usePublicSettings() {
  const query = useQuery({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings/public', signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  const launchMode: LaunchMode = query.data?.launchMode === 'live' ? 'live' : 'prelaunch';
  return { launchMode, isLoading: query.isPending };
}
