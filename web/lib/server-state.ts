import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '../../core/languages.ts';

/** The id of the JSON data block a server-rendered page carries for the browser to hydrate with. */
export const serverStateElementId = 'lina-state';

/**
 * What the server hands to the browser: the page's queries' data, its language, and the groups of
 * translations it shows (web/i18n/translation-groups.ts): those a server-rendered page's HTML used and
 * those its page names, or, for a page rendered in the browser (the shell), the shell's and its page's.
 * Their texts are not in the HTML: they are cacheable chunks the start script (or the shell's HTML)
 * fetches with the app (server/app-start.ts), instead of 25-30 KB more in every page's HTML.
 */
export interface ServerPageState {
  queries: DehydratedState;
  language: Language;
  translationGroups: string[];
  /**
   * False when the browser must render the page afresh rather than hydrate it: a page whose query
   * answered 404 or 410 was rendered in its not-found state, which the browser's first render (without
   * that failed query in its cache) would not match.
   */
  hydrate?: false;
}

/** The server's state when the page was server rendered (null for the plain shell). */
export function readServerState(): ServerPageState | null {
  const element = document.getElementById(serverStateElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerPageState;
  } catch {
    return null;
  }
}
