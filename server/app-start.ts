import { createHash } from 'node:crypto';

/**
 * How the built page starts the app (decision 030). A server-rendered page needs no script to be seen,
 * yet its scripts (130 KB compressed, with the translations 155 KB) were asked for with the page and
 * shared a phone's connection with the stylesheet, the fonts and the first photo, and Chromium paints
 * only after running a page's module script, so evaluating the app held the first paint back too.
 * Now the HTML runs one small script (`startAppScript`) that, once the first contentful paint is
 * reported, preloads the app's files and imports it. A page rendered in the browser (an empty root)
 * has nothing to paint first: it starts at once, and its HTML preloads the files itself
 * (`preloadAppFiles`) so they download with the stylesheet. A hidden tab does not paint, and a browser
 * without paint timing reports nothing, so after a second the app starts anyway.
 *
 * vite.config.ts writes the script into the build and rewrites index.html with `deferAppFiles`;
 * server/web-render.ts adds a page's translations and chunks with `withAppFiles`.
 */
export const startAppScript = `const script = document.querySelector('script[data-app]');
const { app, appFiles } = script.dataset;
// Each preload costs the main thread about 0.3 ms to start (1-1.5 ms on a phone), and a page has 20-55
// files: a few at a time, each few in a task of its own, so no long task holds up a tap meanwhile.
const batchSize = 8;

// The next task: a message to ourselves, which a background tab does not hold back as it does timers.
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
}

async function startApp() {
  const files = appFiles.split(' ');
  for (let i = 0; i < files.length; i += batchSize) {
    if (i > 0) await nextTask();
    for (const href of files.slice(i, i + batchSize)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
  return import(app);
}

function afterFirstPaint() {
  return new Promise((resolve) => {
    let observer;
    const done = () => {
      clearTimeout(fallback);
      observer?.disconnect();
      resolve();
    };
    const fallback = setTimeout(done, 1000);
    try {
      observer = new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length > 0 && done());
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

(document.getElementById('root').hasChildNodes() ? afterFirstPaint() : Promise.resolve()).then(startApp);
`;

/** The script's file in the build, named by its content like Vite's own assets (cached for good). */
export const startAppFile = `assets/start-app-${createHash('sha256').update(startAppScript).digest('base64url').slice(0, 8)}.js`;

const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;
const startScriptTag = /<script type="module" crossorigin src="[^"]+" data-app="[^"]+" data-app-files="([^"]*)"><\/script>/;

/**
 * The built index.html with the entry's script and Vite's preloads of its imports replaced by the
 * start script, which names them (`data-app`, `data-app-files`).
 */
export function deferAppFiles(html: string, entryFile: string): string {
  const entryTag = `<script type="module" crossorigin src="/${entryFile}"></script>`;
  if (!html.includes(entryTag)) throw new Error(`index.html has no ${entryTag}`);
  const files = [`/${entryFile}`];
  const withoutPreloads = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    files.push(href);
    return '';
  });
  return withoutPreloads.replace(
    entryTag,
    `<script type="module" crossorigin src="/${startAppFile}" data-app="/${entryFile}" data-app-files="${files.join(' ')}"></script>`,
  );
}

/**
 * More files for the start script to preload with the app (a page's translations and chunks). After
 * the app's own: over HTTP/1.1 the browser fetches six at a time, in order, and the entry is needed first.
 */
export function withAppFiles(html: string, hrefs: readonly string[]): string {
  if (hrefs.length === 0) return html;
  return html.replace(startScriptTag, (tag, files: string) =>
    tag.replace(`data-app-files="${files}"`, `data-app-files="${[files, ...hrefs].join(' ')}"`),
  );
}

/** The app's files preloaded by the HTML itself, for a page rendered in the browser (it starts at once). */
export function preloadAppFiles(html: string): string {
  return html.replace(startScriptTag, (tag, files: string) => `${files.split(' ').map(modulePreload).join('\n    ')}\n    ${tag}`);
}
