/**
 * The thread that reads other sites' calendars (feed-reader.ts starts it): parsing and expanding a
 * feed anyone can write is synchronous work of ical.js, kept off the server's event loop.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { CalendarFeedError, readCalendarEvents } from '../../../core/ical-events.ts';
import type { ReadReply, ReadRequest } from './feed-reader-protocol.ts';

if (!parentPort) throw new Error('feed-reader-worker.ts runs as a worker thread (see feed-reader.ts)');
const port = parentPort;

/**
 * Reading feeds is background work: on Linux, where a nice value belongs to one thread, this thread
 * yields the CPU to the server's event loop when both want it (setpriority on "0" is the calling
 * thread there; elsewhere it would be the whole process, so it is left as it is). Nice 10 still gets
 * about a tenth of a contended core, so a real feed is read well within the budget.
 */
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: the budget still bounds the thread.
  }
}

port.on('message', (request: ReadRequest) => {
  let reply: ReadReply;
  try {
    reply = { id: request.id, ok: true, events: readCalendarEvents(request.text, request.options) };
  } catch (error) {
    // Whatever else ical.js throws on a strange feed, the feed is no calendar we can read.
    reply = { id: request.id, ok: false, code: error instanceof CalendarFeedError ? error.code : 'not_calendar' };
  }
  port.postMessage(reply);
});
