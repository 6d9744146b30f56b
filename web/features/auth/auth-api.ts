import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetCompleteSchema, passwordResetRequestSchema } from '../../../core/auth-schemas.ts';
import { api, isApiError } from '../../lib/api-client.ts';

/** Always answers 202, registered or not (429 when throttled). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (variables: z.input<typeof passwordResetRequestSchema>) => api.post('/api/auth/password-reset', { body: variables }),
  });
}

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (variables: z.input<typeof passwordResetCompleteSchema>) =>
      api.post('/api/auth/password-reset/complete', { body: variables }),
  });
}

/** What the reset page can do with its link: choose a password, or say the link was used or cannot be used. */
export type ResetLinkState = 'checking' | 'valid' | 'used' | 'invalid';

/**
 * Checks the reset link once when its page opens, without using it up. A check that fails for
 * another reason (offline, throttled) leaves the form: sending it tells what is wrong.
 */
export function useResetLinkState(token: string | null): ResetLinkState {
  const query = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => api.post('/api/auth/password-reset/check', { body: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  if (query.isPending) return 'checking';
  if (isApiError(query.error) && query.error.code === 'reset_link_used') return 'used';
  // Unknown, expired or malformed: any refusal of the link itself (a 429 or a 5xx is not one).
  if (isApiError(query.error) && query.error.status >= 400 && query.error.status < 500 && query.error.status !== 429) return 'invalid';
  return 'valid';
}
