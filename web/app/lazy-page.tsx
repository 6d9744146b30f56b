import { lazy, type ComponentType } from 'react';

/** A page component loaded on demand, which can also be loaded ahead (before hydration, or on the server). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, but once preloaded the page renders at once instead of suspending: hydrating a
 * server-rendered page must not suspend on its chunk (an update arriving meanwhile would swap the
 * server's HTML for the loading screen).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Suspending = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}
