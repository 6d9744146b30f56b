import { useQuery } from '@tanstack/react-query';
import type { LegalDocument, LegalDocumentView } from '../../../core/content.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

export function useLegalDocument(doc: LegalDocument, language: Language) {
  return useQuery({
    queryKey: ['legal', doc, language],
    queryFn: ({ signal }) => api.get<LegalDocumentView>(`/api/legal/${doc}?lang=${language}`, signal),
    staleTime: 10 * 60_000,
  });
}
