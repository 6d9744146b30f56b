import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOk } from '../../../core/contracts/auth.ts';
import type { PasskeySummary, RecoveryCodes, TotpSetup, TwoFactorState } from '../../../core/contracts/two-factor.ts';
import { legacyApi } from '../../lib/api-client.ts';
import { passkeyRegistration, type PasskeyCreation } from '../../lib/passkeys.ts';
import { sessionQueryKey } from '../../lib/session.ts';

/** The security page's data and writes: the authenticator app, recovery codes and passkeys (decision 051). */
const twoFactorKey = ['two-factor'] as const;

export const useTwoFactorState = () =>
  useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => legacyApi.get<TwoFactorState>('/api/auth/two-factor', signal) });

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

export const useBeginTotpSetup = () => useMutation({ mutationFn: () => legacyApi.post<TotpSetup>('/api/auth/two-factor/totp/setup') });
export const useConfirmTotp = () =>
  useSecurityWrite((code: string) => legacyApi.post<RecoveryCodes>('/api/auth/two-factor/totp/confirm', { code }));
export const useDisableTotp = () =>
  useSecurityWrite((variables: { password: string; code: string }) => legacyApi.post<AuthOk>('/api/auth/two-factor/totp/disable', variables));
export const useNewRecoveryCodes = () =>
  useSecurityWrite((variables: { password: string; code: string }) =>
    legacyApi.post<RecoveryCodes>('/api/auth/two-factor/recovery-codes', variables),
  );

/** Adds a passkey: the server's options, the browser's authenticator (its library loads now), the answer. */
export const useAddPasskey = () =>
  useSecurityWrite(async (name: string) => {
    const { token, options } = await legacyApi.post<PasskeyCreation>('/api/auth/passkeys/registration-options');
    const credential = await passkeyRegistration(options);
    return legacyApi.post<PasskeySummary>('/api/auth/passkeys', { token, name, credential });
  });
export const useRenamePasskey = () =>
  useSecurityWrite(({ id, name }: { id: string; name: string }) => legacyApi.patch<PasskeySummary>(`/api/auth/passkeys/${id}`, { name }));
export const useRemovePasskey = () => useSecurityWrite((id: string) => legacyApi.delete<void>(`/api/auth/passkeys/${id}`));
