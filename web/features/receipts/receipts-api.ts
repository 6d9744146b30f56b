import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '../../../core/contracts/receipts.ts';
import type { Language } from '../../../core/languages.ts';
import { legacyApi } from '../../lib/api-client.ts';

export const receiptQueries = {
  /** A stay's receipt in the page's language (GET /api/bookings/:id/receipt). */
  one: (bookingId: string, language: Language) =>
    queryOptions({
      queryKey: ['receipt', bookingId, language],
      queryFn: ({ signal }) => legacyApi.get<Receipt>(`/api/bookings/${encodeURIComponent(bookingId)}/receipt?lang=${language}`, signal),
    }),
};

export const useReceipt = (bookingId: string, language: Language) => useQuery(receiptQueries.one(bookingId, language));
