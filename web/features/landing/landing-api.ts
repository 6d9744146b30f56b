import { useMutation } from '@tanstack/react-query';
import type { LandingSignup } from '../../../core/signup-schemas.ts';
import { api } from '../../lib/api-client.ts';

/** Joins the coming-soon list; the answer is the same when this e-mail already joined as this type. */
export const useLandingSignup = () => useMutation({ mutationFn: (body: LandingSignup) => api.post('/api/signups', { body }) });
