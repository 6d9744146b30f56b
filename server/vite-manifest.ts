/**
 * The build's Vite manifest (dist/web/.vite/manifest.json): which files each source module became and
 * what they import. Shared by the server, which names the font files to preload in its HTML
 * (web-render.ts), and scripts/first-load.ts, which measures each route's first load from it.
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
 * The entry's font files whose names contain one of `subsets` (`heebo-latin-wght-normal-….woff2` for
 * 'latin'; 'latin' does not match 'latin-ext'), in the manifest's order.
 */
export function entryFontFiles(manifest: Manifest, subsets: readonly string[]): string[] {
  return (manifest[entryKey(manifest)]!.assets ?? []).filter(
    (file) => file.endsWith('.woff2') && subsets.some((subset) => new RegExp(`-${subset}-wght-`).test(file)),
  );
}

/** The files of some modules' chunks and of what they import statically, less what the entry loads anyway. */
export function chunkFilesBeyondEntry(manifest: Manifest, keys: readonly string[]): string[] {
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  const known = keys.filter((key) => manifest[key]);
  return [...staticClosure(manifest, known)].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
}

/**
 * The chunks of groups of a language's translations (web/i18n/<language>.json?group=<group>, cut by
 * vite.config.ts's translationGroupChunks), those the build has.
 */
export function translationFiles(manifest: Manifest, language: string, groups: readonly string[]): string[] {
  return groups.flatMap((group) => manifest[`i18n/${language}.json?group=${group}`]?.file ?? []);
}
