import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { deferAppFiles, startAppFile, startAppScript } from './server/app-start.ts';
import { translationGroups, translationsOfGroup, type TranslationGroup } from './web/i18n/translation-groups.ts';

/**
 * The entry (React DOM, the router, the shell) runs almost every function it has while the page
 * hydrates. `//# allFunctionsCalledOnLoad` on its first line has Chromium's V8 compile all of them on
 * a background thread while the file downloads, instead of each on the main thread at its first call
 * (explicit compile hints, Chrome 136). Page chunks are left to V8's own choice: much of them waits
 * for a click.
 */
function compileHintForTheEntry(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-hint-for-the-entry',
    apply: 'build',
    enforce: 'post',
    // The hint counts only on the file's first line, and Vite puts its preload table there in its own
    // last step: so the hint goes into the written file, and its source map moves down a line.
    async writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const file = path.join(options.dir!, chunk.fileName);
        await writeFile(file, hint + (await readFile(file, 'utf8')));
        if (!existsSync(`${file}.map`)) continue;
        const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { mappings: string };
        await writeFile(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}

/**
 * The built index.html starts the app with a small script once the page is painted, and that script
 * preloads the app's files then, not the HTML (server/app-start.ts, decision 030). The dev server keeps
 * index.html's plain entry.
 */
function startTheAppAfterFirstPaint(): Plugin {
  return {
    name: 'start-the-app-after-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: startAppFile, source: startAppScript });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return context.chunk ? deferAppFiles(html, context.chunk.fileName) : html;
      },
    },
  };
}

/**
 * sonner adds its stylesheet to the page when its module first runs, and that stylesheet sets custom
 * properties on html[dir]: every element's style is recomputed (about 300 ms of a phone's main thread
 * on a listing page, the largest task after hydration). web/styles.css carries the same stylesheet
 * from the start (sonner/dist/styles.css), so the build drops the runtime insertion.
 */
function sonnerStylesInOurStylesheet(): Plugin {
  return {
    name: 'sonner-styles-in-our-stylesheet',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const withoutInsertion = code.replace(/^__insertCSS\(".*"\);$/m, '');
      if (withoutInsertion === code) throw new Error('sonner no longer inserts its styles as this plugin expects: review vite.config.ts');
      return { code: withoutInsertion, map: null };
    },
  };
}

/**
 * Cuts web/i18n/en.json and he.json into their groups (web/i18n/translation-groups.ts, decision 066):
 * `./en.json?group=search` is a module of the search group's keys only, a chunk of its own that
 * web/i18n/index.ts loads when a page needs it. The two files stay the one source people edit.
 */
function translationGroupChunks(): Plugin {
  const groupId = /^(.*[\\/]i18n[\\/](?:en|he)\.json)\?group=(\w+)(?:&.*)?$/;
  return {
    name: 'translation-group-chunks',
    enforce: 'pre',
    async load(id) {
      const match = groupId.exec(id);
      if (!match) return null;
      const [, file, group] = match as unknown as [string, string, string];
      if (!translationGroups.includes(group as TranslationGroup)) throw new Error(`${id}: no translation group '${group}'`);
      this.addWatchFile(file);
      const translations = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      // As Vite makes a JSON file's module: JSON.parse of a string is read faster than an object literal.
      const json = JSON.stringify(translationsOfGroup(translations, group as TranslationGroup));
      return { code: `export default JSON.parse(${JSON.stringify(json)});\n`, map: null };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    translationGroupChunks(),
    sonnerStylesInOurStylesheet(),
    compileHintForTheEntry(),
    startTheAppAfterFirstPaint(),
  ],
  resolve: {
    // React Router's package exports only its development build (dev-mode checks and warnings);
    // the production build beside it is what the browser should run.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : [],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: scripts/first-load.ts measures each route's first load from it.
    manifest: true,
    // Vite's modulepreload polyfill (0.4 KB of every first load) is for browsers before 2023 (Safari 16),
    // and it runs with the entry, after the start script has already asked for the app's files.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically is one file with it: rolldown otherwise cut the modules
    // pages share with the entry (React, TanStack Query, the API client…) into twelve chunks of their
    // own, each a request and a compression of its own (issue 40: 5 KB and 12 requests on every page).
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial' as const] }] } } } }),
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
