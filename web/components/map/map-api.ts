import { queryOptions } from '@tanstack/react-query';
import type { MapBase } from '../../../core/contracts/map.ts';
import type { Language } from '../../../core/languages.ts';
import { legacyApi } from '../../lib/api-client.ts';

export const mapQueries = {
  /** The configured style, or the gazetteer's places to label ours, in the page's language. */
  base: (language: Language) =>
    queryOptions({
      queryKey: ['map', 'base', language] as const,
      queryFn: ({ signal }) => legacyApi.get<MapBase>(`/api/map/base?lang=${language}`, signal),
      staleTime: Infinity,
    }),
};
