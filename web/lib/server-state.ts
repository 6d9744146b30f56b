import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '../../core/languages.ts';

/** The id of the JSON data block a server-rendered page carries for the browser to hydrate with. */
export const serverStateElementId = 'lina-state';

/** What a server-rendered page hands to the browser: its queries' data and the active language's translations. */
export interface ServerPageState {
  queries: DehydratedState;
  language: Language;
  translation: Record<string, unknown>;
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
