/**
 * The build's Vite manifest (dist/web/.vite/manifest.json): which files each source module became and
 * what they import. Shared by the server, which names a page's chunks in its HTML (web-render.ts), and
 * scripts/first-load.ts, which measures each route's first load from it: one reading of the manifest.
 */

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest keys of some chunks and of everything they import statically, each once. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The manifest key of the entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  return entry;
}

/**
 * The files (under the web root, without a leading slash) a page's modules need beyond the entry's,
 * in import order: what is not already named by index.html's own modulepreload links.
 */
export function pageChunkFiles(manifest: Manifest, pageKeys: readonly string[]): string[] {
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  return [...staticClosure(manifest, pageKeys)].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
}

/**
 * The entry's font files whose names contain one of `subsets` (`heebo-latin-wght-normal-….woff2` for
 * 'latin'; 'latin' does not match 'latin-ext'), in the manifest's order.
 */
export function entryFontFiles(manifest: Manifest, subsets: readonly string[]): string[] {
  return (manifest[entryKey(manifest)]!.assets ?? []).filter(
    (file) => file.endsWith('.woff2') && subsets.some((subset) => new RegExp(`-${subset}-wght-`).test(file)),
  );
}
