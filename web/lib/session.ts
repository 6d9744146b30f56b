import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../core/api-types.ts';
import { api } from './api-client.ts';

export const sessionQueryKey = ['session'] as const;

async function fetchSession(signal: AbortSignal): Promise<SessionUser | null> {
  const data = await api.get<{ user: SessionUser | null }>('/api/session', signal);
  return data?.user ?? null;
}

/** The signed-in user (null when signed out). A failed lookup counts as signed out. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
    retry: 1,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isError: query.isError,
  };
}

export interface SignInVariables {
  email: string;
  password: string;
  /** The admin entrance: the server refuses other accounts (403 admin_only) without signing them in. */
  adminOnly?: boolean;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SignInVariables) =>
      api.post<{ user: SessionUser }>('/api/auth/sign-in', variables).then((data) => data.user),
    onSuccess: (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}

export interface SignUpVariables {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  password: string;
  language: string;
  /** Consent to the terms of service and the privacy policy; the server refuses a sign-up without it. */
  acceptTerms: boolean;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SignUpVariables) =>
      api.post<{ user?: SessionUser | null }>('/api/auth/sign-up', variables),
    onSuccess: (data) => {
      if (data?.user) queryClient.setQueryData(sessionQueryKey, data.user);
    },
  });
}

function forgetUser(queryClient: ReturnType<typeof useQueryClient>) {
  // Drop everything that belonged to the user, keep public data (settings).
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'settings' });
  queryClient.setQueryData(sessionQueryKey, null);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/sign-out'),
    onSettled: () => forgetUser(queryClient),
  });
}

/** Ends every session of the user, this one included. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/sign-out-everywhere'),
    onSuccess: () => forgetUser(queryClient),
  });
}
