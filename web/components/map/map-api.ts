import { queryOptions } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

export const mapQueries = {
  /** The configured style, or the gazetteer's places to label ours, in the page's language. */
  base: (language: Language) =>
    queryOptions({
      queryKey: ['map', 'base', language] as const,
      queryFn: ({ signal }) => api.get('/api/map/base', { query: { lang: language }, signal }),
      staleTime: Infinity,
    }),
};
