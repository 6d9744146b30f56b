import { lazy, type ComponentType } from 'react';
import { requireTranslations } from '../i18n/index.ts';
import { lazyChunk } from '../lib/lazy-chunk.ts';

/**
 * A page component loaded on demand, which can also be loaded ahead (before hydration, or on the server).
 * `module` is its source path under web/, the key of its chunk in the build's manifest: the server names
 * a server-rendered page's chunks for the browser to fetch with the app (server/app-start.ts).
 * `translations`: the groups of translations it shows beyond the shell's (page-table.ts).
 */
export type LazyPage = ComponentType & { preload: () => Promise<unknown>; module: string; translations: readonly string[] };

/**
 * Like React.lazy, but once preloaded the page renders at once instead of suspending (lib/lazy-chunk.ts): hydrating a
 * server-rendered page must not suspend on its chunk (an update arriving meanwhile would swap the
 * server's HTML for the loading screen). Its module and its groups of translations load side by side,
 * and it renders once both are there, so it never shows a key it has no text for yet.
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>, translations: readonly string[] = []): LazyPage {
  const chunk = lazyChunk(() => Promise.all([load(), requireTranslations(translations)]).then(([loaded]) => loaded));
  const Suspending = lazy(chunk.load);
  function Page() {
    const Loaded = chunk.loaded()?.default;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload: chunk.load, module, translations });
}
