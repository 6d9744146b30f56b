import { lazy, type ComponentType } from 'react';
import { lazyChunk } from '../lib/lazy-chunk.ts';

/**
 * A page component loaded on demand, which can also be loaded ahead (before hydration, or on the server).
 * `module` is its source path under web/, the key of its chunk in the build's manifest: the server names
 * a server-rendered page's chunks for the browser to fetch with the app (server/app-start.ts).
 */
export type LazyPage = ComponentType & { preload: () => Promise<unknown>; module: string };

/**
 * Like React.lazy, but once preloaded the page renders at once instead of suspending (lib/lazy-chunk.ts): hydrating a
 * server-rendered page must not suspend on its chunk (an update arriving meanwhile would swap the
 * server's HTML for the loading screen).
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  const chunk = lazyChunk(load);
  const Suspending = lazy(chunk.load);
  function Page() {
    const Loaded = chunk.loaded()?.default;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload: chunk.load, module });
}
