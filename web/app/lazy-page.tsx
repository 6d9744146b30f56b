import { lazy, type ComponentType } from 'react';

/** A page component loaded on demand, which can also be loaded ahead (before hydration, or on the server). */
export type LazyPage = ComponentType & {
  preload: () => Promise<unknown>;
  /**
   * The page module's key in the build's manifest (its path under web/): the server names the page's
   * chunks in its HTML from it (server/web-render.ts), so they load beside the entry, not after it.
   */
  module: string;
};

/**
 * Like React.lazy, but once preloaded the page renders at once instead of suspending: hydrating a
 * server-rendered page must not suspend on its chunk (an update arriving meanwhile would swap the
 * server's HTML for the loading screen). `module` must be the imported file's path under web/
 * (scripts/first-load.ts checks every page's against its import).
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= load().then((loadedModule) => {
      loaded = loadedModule.default;
      return loadedModule;
    }));
  const Suspending = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload, module });
}
