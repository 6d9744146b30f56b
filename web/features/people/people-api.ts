import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client.ts';

export const peopleQueries = {
  /** A member's public profile (not language dependent: names and reviews are as written). */
  person: (id: string) =>
    queryOptions({
      queryKey: ['person', id],
      queryFn: ({ signal }) => api.get('/api/people/:id', { params: { id }, signal }),
      retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    }),
};

export function usePerson(id: string) {
  return useQuery(peopleQueries.person(id));
}
