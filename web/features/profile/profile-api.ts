import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../core/contracts/profile.ts';
import type { ProfileUpdate } from '../../../core/profile-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { myProfileQuery, profileQueryKey } from '../../lib/profile-query.ts';
import { sessionQueryKey } from '../../lib/session.ts';

export const profileQueries = {
  all: () => profileQueryKey,
  mine: myProfileQuery,
  recommendations: () =>
    queryOptions({
      queryKey: [...profileQueryKey, 'recommendations'],
      queryFn: ({ signal }) => api.get('/api/profile/recommendations', { signal }),
    }),
};

export const useProfile = () => useQuery(profileQueries.mine());
export const useRecommendations = () => useQuery(profileQueries.recommendations());

/** Every profile write answers with the whole profile: keep it, and refresh the session (the nav bar's first name). */
function useProfileWrite<V>(write: (variables: V) => Promise<Profile>, refreshSession = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      if (refreshSession) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export const useUpdateProfile = () => useProfileWrite((update: ProfileUpdate) => api.patch('/api/profile', { body: update }), true);
export const useUploadPhoto = () => useProfileWrite((file: File) => api.upload('/api/profile/photo', file));
export const useRemovePhoto = () => useProfileWrite(() => api.delete('/api/profile/photo'));
export const useUploadIdDocument = () => useProfileWrite((file: File) => api.upload('/api/profile/id-document', file));

const dataExportsKey = [...profileQueryKey, 'data-exports'] as const;

/** The member's data archives; polled while one is being made, so "ready" shows without a reload. */
export const useDataExports = () =>
  useQuery({
    queryKey: dataExportsKey,
    queryFn: ({ signal }) => api.get('/api/my-data/exports', { signal }),
    refetchInterval: (query) =>
      query.state.data?.exports.some((row) => row.status === 'queued' || row.status === 'running') ? 5000 : false,
  });

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/my-data/exports'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataExportsKey }),
  });
}
