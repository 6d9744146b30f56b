import { Worker } from 'node:worker_threads';
import { CalendarFeedError, type ImportedEvent, type ReadEventsOptions } from '../../../core/ical-events.ts';
import { workerFile } from '../../worker-file.ts';
import type { ReadReply, ReadRequest } from './feed-reader-protocol.ts';

/**
 * Reads a fetched feed into its events in a worker thread (feed-reader-worker.ts), never on the
 * event loop (docs/decisions/032-calendar-feed-bombs.md): anyone with a listing chooses the feed,
 * and ical.js parses and expands it synchronously, so a small feed could otherwise hold every
 * request of the instance for as long as its rules take.
 *
 * - One worker per process, started at the first feed and kept for the next; feeds are read one at
 *   a time (the sync job reads one at a time anyway; adding feeds is rate-limited).
 * - Each read has a wall-clock budget (feedReadBudgetMs). Past it the worker is terminated, which
 *   stops ical.js wherever it is, and the read fails as `too_complex`; the next read starts a new one.
 * - The worker's heap is limited: a feed that fills it ends the worker, not the server (`too_complex`).
 */

/** Reading a legitimate 2 MB feed takes well under a second; a busy server gets five. */
export const feedReadBudgetMs = 5000;

const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

let worker: Worker | undefined;
let nextId = 1;
/** The reads so far, settled or not: the next one starts after them. */
let queue: Promise<unknown> = Promise.resolve();

/** The feed's events as readCalendarEvents gives them; throws CalendarFeedError when it cannot be read. */
export function readFeed(text: string, options: ReadEventsOptions, budgetMs = feedReadBudgetMs): Promise<ImportedEvent[]> {
  const read = queue.then(() => readOnce(text, options, budgetMs));
  queue = read.catch(() => undefined);
  return read;
}

async function startWorker(): Promise<Worker> {
  const thread = new Worker(await workerFile('server/features/calendar-sync/feed-reader-worker.ts', 'feed-reader-worker'), {
    resourceLimits,
  });
  // A worker that dies between reads is replaced at the next one; its error must not go unheard
  // (an 'error' event without a listener would end the process).
  const forget = () => {
    if (worker === thread) worker = undefined;
  };
  thread.on('error', forget);
  thread.on('exit', forget);
  // An idle worker does not keep the process alive.
  thread.unref();
  return thread;
}

async function readOnce(text: string, options: ReadEventsOptions, budgetMs: number): Promise<ImportedEvent[]> {
  const thread = (worker ??= await startWorker());
  return new Promise<ImportedEvent[]>((resolve, reject) => {
    const id = nextId++;
    const settle = (outcome: { events: ImportedEvent[] } | { error: Error }, retire: boolean) => {
      clearTimeout(timer);
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
      thread.unref();
      if (retire) {
        if (worker === thread) worker = undefined;
        void thread.terminate();
      }
      if ('events' in outcome) resolve(outcome.events);
      else reject(outcome.error);
    };
    const onMessage = (reply: ReadReply) => {
      if (reply.id !== id) return;
      settle(reply.ok ? { events: reply.events } : { error: new CalendarFeedError(reply.code) }, false);
    };
    const onError = (error: Error & { code?: string }) =>
      settle({ error: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CalendarFeedError('too_complex') : error }, true);
    const onExit = (exitCode: number) => settle({ error: new Error(`The calendar feed reader stopped (exit code ${exitCode})`) }, false);
    // Past the budget the worker is stopped wherever ical.js is: terminate() interrupts running JavaScript.
    const timer = setTimeout(() => settle({ error: new CalendarFeedError('too_complex') }, true), budgetMs);
    thread.on('message', onMessage);
    thread.on('error', onError);
    thread.on('exit', onExit);
    thread.ref();
    const request: ReadRequest = { id, text, options };
    thread.postMessage(request);
  });
}
