import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationStatus } from '../../../core/constants.ts';
import type { ProfileUpdate } from '../../../core/profile-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { sessionQueryKey } from '../../lib/session.ts';

export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  bio: string | null;
  dateOfBirth: string | null;
  age: number | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  isVerified: boolean;
  idVerificationStatus: VerificationStatus;
  hasIdDocument: boolean;
  verificationSubmittedAt: string | null;
  verificationRejectionReason: string | null;
}

export interface Recommendation {
  id: number;
  recommendationText: string;
  rating: number;
  relationshipContext: string | null;
  createdAt: string;
  recommender: { firstName: string; lastName: string; profileImageUrl: string | null };
}

export const profileQueryKey = ['profile'] as const;
const recommendationsQueryKey = ['profile', 'recommendations'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => api.get<Profile>('/api/profile', signal) });
}

export function useRecommendations() {
  return useQuery({
    queryKey: recommendationsQueryKey,
    queryFn: ({ signal }) => api.get<Recommendation[]>('/api/profile/recommendations', signal),
  });
}

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

export const useUpdateProfile = () => useProfileWrite((update: ProfileUpdate) => api.patch<Profile>('/api/profile', update), true);
export const useUploadPhoto = () => useProfileWrite((file: File) => api.upload<Profile>('/api/profile/photo', file));
export const useRemovePhoto = () => useProfileWrite(() => api.delete<Profile>('/api/profile/photo'));
export const useUploadIdDocument = () => useProfileWrite((file: File) => api.upload<Profile>('/api/profile/id-document', file));
