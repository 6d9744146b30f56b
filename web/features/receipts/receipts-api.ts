import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';

export const receiptQueries = {
  /** A stay's receipt in the page's language (GET /api/bookings/:id/receipt). */
  one: (bookingId: string, language: Language) =>
    queryOptions({
      queryKey: ['receipt', bookingId, language],
      queryFn: ({ signal }) => api.get('/api/bookings/:id/receipt', { params: { id: bookingId }, query: { lang: language }, signal }),
    }),
};

export const useReceipt = (bookingId: string, language: Language) => useQuery(receiptQueries.one(bookingId, language));
