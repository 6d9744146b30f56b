import { useEffect } from 'react';
import type { AnalyticsEvent } from '../../core/analytics-schemas.ts';
import { maxEventsPerBatch, pageViewEvent } from '../../core/analytics.ts';
import type { Language } from '../../core/languages.ts';
import { api } from './api-client.ts';

const visitorKey = 'analytics-visitor';
const flushDelayMs = 2000;

const queue: AnalyticsEvent[] = [];
let timer: number | undefined;
let listening = false;

/** A random id in local storage: counts distinct visitors without cookies, IP addresses or third parties. */
function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(visitorKey);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(visitorKey, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** Sends what is queued; keepalive lets the last batch leave even while the tab closes. */
export function flushAnalytics() {
  window.clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const events = queue.splice(0, maxEventsPerBatch);
    void api.post('/api/analytics/events', { body: { visitorId: visitorId(), events }, keepalive: true }).catch(() => {
      // Analytics never bothers the visitor: a lost batch is lost.
    });
  }
}

/** Queues an event; events go out in batches a couple of seconds apart, and when the page is hidden. */
export function track(name: string, path: string, language?: Language, properties?: AnalyticsEvent['properties']) {
  queue.push({ name, path, ...(language ? { language } : {}), ...(properties ? { properties } : {}) });
  if (!listening) {
    listening = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushAnalytics();
    });
  }
  if (queue.length >= maxEventsPerBatch) flushAnalytics();
  else timer ??= window.setTimeout(flushAnalytics, flushDelayMs);
}

/**
 * A page view on every route change (the path without its language prefix; the language beside it).
 * Only the route guard calls it, once it shows a page: a path it redirects away from is never counted.
 */
export function usePageViews(barePath: string, language: Language) {
  useEffect(() => {
    track(pageViewEvent, barePath, language);
  }, [barePath, language]);
}
