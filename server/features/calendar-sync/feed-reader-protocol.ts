import type { CalendarFeedErrorCode, ImportedEvent, ReadEventsOptions } from '../../../core/ical-events.ts';

/** The messages between feed-reader.ts and its worker (feed-reader-worker.ts). */
export interface ReadRequest {
  id: number;
  text: string;
  options: ReadEventsOptions;
}

export type ReadReply = { id: number; ok: true; events: ImportedEvent[] } | { id: number; ok: false; code: CalendarFeedErrorCode };
