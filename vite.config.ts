import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
  root: 'web',
  plugins: [react(), tailwindcss(), sonnerStylesInOurStylesheet()],
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
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
