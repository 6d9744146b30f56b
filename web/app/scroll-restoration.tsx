import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/**
 * Navigation state that keeps the scroll position: `navigate(to, { state: keepScroll })` or
 * `setSearchParams(next, { state: keepScroll })` for a change that stays on the same screen (a
 * filter, a sort, the language, a notice cleared from the URL). The declarative router has no
 * `preventScrollReset` (that option belongs to the data router and is ignored here).
 */
export const keepScroll = { keepScroll: true } as const;

const storageKey = 'scroll-positions';
/** Positions of the last pages visited, enough for the back button; older ones are dropped. */
const keptPositions = 50;

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

/**
 * The history entry a position is kept under. An entry the router made has a key of its own; the entry
 * a document was loaded into (a typed address, a link from mail, a reload) is named 'default' by the
 * router, the same for every such page, so it is told apart by its address: otherwise a page opened
 * by a full load opened where the previous one had been left.
 */
function entryKey(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}

/**
 * The scroll position per history entry, as browsers keep it for whole documents: a new page opens at
 * its top (or at its #anchor), going back or forward returns to where the visitor was, also after a
 * reload. Positions live in session storage by the entry's key.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(entryKey(location));
  currentKey.current = entryKey(location);

  useEffect(() => {
    positions.current ??= readPositions();
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const map = (positions.current ??= readPositions());
        map.delete(currentKey.current);
        map.set(currentKey.current, window.scrollY);
        while (map.size > keptPositions) map.delete(map.keys().next().value!);
      });
    };
    const save = () => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify([...(positions.current ?? [])]));
      } catch {
        // Without session storage, positions last as long as the page.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      cancelAnimationFrame(frame);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  const first = useRef(true);
  useLayoutEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (navigationType === 'POP') {
      const saved = (positions.current ??= readPositions()).get(entryKey(location));
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    // The first page of a visit is where the browser put it (its top, or the #anchor it scrolls to).
    if (isFirst || keepsScroll(location.state)) return;
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
    // Only a change of history entry moves the page, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
