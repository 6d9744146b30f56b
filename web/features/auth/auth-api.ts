import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetCompleteSchema, passwordResetRequestSchema } from '../../../core/auth-schemas.ts';
import type { AuthOk } from '../../../core/contracts/auth.ts';
import { api } from '../../lib/api-client.ts';

/** Always answers 202, registered or not (429 when throttled). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (variables: z.input<typeof passwordResetRequestSchema>) => api.post<AuthOk>('/api/auth/password-reset', variables),
  });
}

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (variables: z.input<typeof passwordResetCompleteSchema>) => api.post<AuthOk>('/api/auth/password-reset/complete', variables),
  });
}
