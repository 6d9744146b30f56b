import { useMutation } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

/** Always answers 202, registered or not (429 when throttled). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (variables: { email: string; language: Language }) => api.post<{ ok: true }>('/api/auth/password-reset', variables),
  });
}

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (variables: { token: string; password: string }) =>
      api.post<{ ok: true }>('/api/auth/password-reset/complete', variables),
  });
}
