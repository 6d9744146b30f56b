import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The signed-in member's profile key; shared because host pages read the ID verification from it. */
export const profileQueryKey = ['profile'] as const;

/** The signed-in member's profile, cached under one key for every page that reads it. */
export const myProfileQuery = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => api.get('/api/profile', { signal }) });
