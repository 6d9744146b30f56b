import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalDocument } from '../../../core/content.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

export const legalQueries = {
  all: () => ['legal'] as const,
  document: (doc: LegalDocument, language: Language) =>
    queryOptions({
      queryKey: [...legalQueries.all(), doc, language],
      queryFn: ({ signal }) => api.get('/api/legal/:doc', { params: { doc }, query: { lang: language }, signal }),
      staleTime: 10 * 60_000,
    }),
};

export const useLegalDocument = (doc: LegalDocument, language: Language) => useQuery(legalQueries.document(doc, language));
