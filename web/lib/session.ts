import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInSchema, signUpSchema } from '../../core/auth-schemas.ts';
import type { SignInResponse } from '../../core/contracts/auth.ts';
import { api } from './api-client.ts';
import { passkeyAssertion } from './passkeys.ts';
import { publicSettingsQueryKey } from './settings.ts';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user (null when signed out); every feature reads and updates it through this key. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => (await api.get('/api/session', { signal })).user ?? null,
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
    retry: 1,
  });

/** The signed-in user (null when signed out). A failed lookup counts as signed out. */
export function useSession() {
  const query = useQuery(sessionQuery());
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isError: query.isError,
  };
}

/** adminOnly is the admin entrance: the server refuses other accounts (403 admin_only) without signing them in. */
export type SignInVariables = z.input<typeof signInSchema>;

/**
 * Signs in with the password. The answer is the user, or, for a member with a second factor, the
 * step that asks for it (`secondFactor`): no session until that step is passed (decision 051).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SignInVariables) => api.post('/api/auth/sign-in', { body: variables }),
    onSuccess: (data) => {
      if ('user' in data) queryClient.setQueryData(sessionQueryKey, data.user);
    },
  });
}

/** The pending sign-in a password opened, when the account has a second factor. */
export type SecondFactorStep = Extract<SignInResponse, { secondFactor: unknown }>['secondFactor'];

/**
 * Finishes a sign-in with a second factor: a code (authenticator app or recovery code), or a passkey
 * (`passkey: true`; @simplewebauthn/browser loads only then).
 */
export function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { token: string; code: string } | { token: string; passkey: true }) => {
      if ('code' in variables) return (await api.post('/api/auth/sign-in/second-factor', { body: variables })).user;
      const { token, options } = await api.post('/api/auth/sign-in/second-factor/passkey-options', {
        body: { token: variables.token },
      });
      const credential = await passkeyAssertion(options);
      return (await api.post('/api/auth/sign-in/second-factor/passkey', { body: { token, credential } })).user;
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}

/** Signs in with a passkey alone: the browser offers the passkeys it holds for this site. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { token, options } = await api.post('/api/auth/passkeys/sign-in-options');
      const credential = await passkeyAssertion(options);
      return (await api.post('/api/auth/passkeys/sign-in', { body: { token, credential } })).user;
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}

/** acceptTerms is the consent to the terms of service and the privacy policy; the server refuses a sign-up without it. */
export type SignUpVariables = z.input<typeof signUpSchema>;

/** A sign-up does not sign in: the account waits for its e-mail to be confirmed. */
export function useSignUp() {
  return useMutation({ mutationFn: (variables: SignUpVariables) => api.post('/api/auth/sign-up', { body: variables }) });
}

function forgetUser(queryClient: ReturnType<typeof useQueryClient>) {
  // Drop everything that belonged to the user, keep public data (settings).
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== publicSettingsQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/sign-out'),
    onSettled: () => forgetUser(queryClient),
  });
}

/** Ends every session of the user, this one included. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/sign-out-everywhere'),
    onSuccess: () => forgetUser(queryClient),
  });
}

/**
 * Closes the signed-in account after the password is entered again (docs/decisions/050-your-data.md);
 * the server ends every session, so the user is forgotten here too.
 */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post('/api/account/close', { body: { password } }),
    onSuccess: () => forgetUser(queryClient),
  });
}
