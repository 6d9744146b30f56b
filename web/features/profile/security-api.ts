import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { passkeyRegistration } from '../../lib/passkeys.ts';
import { sessionQueryKey } from '../../lib/session.ts';

/** The security page's data and writes: the authenticator app, recovery codes and passkeys (decision 051). */
const twoFactorKey = ['two-factor'] as const;

export const useTwoFactorState = () =>
  useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => api.get('/api/auth/two-factor', { signal }) });

/** Each write refreshes the state and the session (an admin's "set up first" mark may have gone). */
function useSecurityWrite<V, R>(write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export const useBeginTotpSetup = () => useMutation({ mutationFn: () => api.post('/api/auth/two-factor/totp/setup') });
export const useConfirmTotp = () => useSecurityWrite((code: string) => api.post('/api/auth/two-factor/totp/confirm', { body: { code } }));
export const useDisableTotp = () =>
  useSecurityWrite((variables: { password: string; code: string }) => api.post('/api/auth/two-factor/totp/disable', { body: variables }));
export const useNewRecoveryCodes = () =>
  useSecurityWrite((variables: { password: string; code: string }) => api.post('/api/auth/two-factor/recovery-codes', { body: variables }));

/** Adds a passkey: the server's options, the browser's authenticator (its library loads now), the answer. */
export const useAddPasskey = () =>
  useSecurityWrite(async (name: string) => {
    const { token, options } = await api.post('/api/auth/passkeys/registration-options');
    const credential = await passkeyRegistration(options);
    return api.post('/api/auth/passkeys', { body: { token, name, credential } });
  });
export const useRenamePasskey = () =>
  useSecurityWrite(({ id, name }: { id: string; name: string }) => api.patch('/api/auth/passkeys/:id', { params: { id }, body: { name } }));
export const useRemovePasskey = () => useSecurityWrite((id: string) => api.delete('/api/auth/passkeys/:id', { params: { id } }));
