/**
 * "Load the chunk, then render", in one place (decision 044): a module kept out of the first load and
 * fetched on demand. `load` fetches it once (later calls share the fetch); `loaded` is the module once
 * it has arrived, else null. Render a loaded chunk's component directly rather than through React.lazy
 * (`React.lazy(() => chunk.load())` until then): React.lazy suspends on its first render even when the
 * module is there, and a suspended hydration would swap the server's HTML for the fallback.
 * Used by the pages (app/lazy-page.tsx), the dialogs' Radix (components/ui/dialog.tsx) and the
 * property page's calendar (features/property/booking-dates.tsx).
 */
export interface Chunk<Module> {
  load: () => Promise<Module>;
  loaded: () => Module | null;
}

export function lazyChunk<Module>(importer: () => Promise<Module>): Chunk<Module> {
  let module: Module | null = null;
  let loading: Promise<Module> | null = null;
  return {
    load: () => (loading ??= importer().then((arrived) => (module = arrived))),
    loaded: () => module,
  };
}
