import './lib/zod-without-eval.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { directionOf, languageOfPath, localizePath, stripLanguagePrefix, type Language } from '../core/languages.ts';
import { decideAccess } from './app/access.ts';
import { findRouteData, notFoundRouteData, prefetchRoute } from './app/route-data.ts';
import { AppRoutes, pageModulesOf, pageRoutes, pageTranslationsOf, preloadPageOf } from './app/routes.tsx';
import en from './i18n/en.json';
import { groupOfKey } from './i18n/translation-groups.ts';
import { Translator } from './i18n/translator.ts';
import { TranslatorProvider } from './i18n/use-translation.tsx';
import he from './i18n/he.json';
import { setFetchSource } from './lib/api-client.ts';
import { buildHeadTags, serializeForScript } from './lib/head-tags.ts';
import { serverStateElementId, type ServerPageState } from './lib/server-state.ts';
import { sessionQuery } from './lib/session.ts';
import { publicSettingsQuery } from './lib/settings.ts';

/**
 * Server rendering of the public pages. The server (server/web-render.ts) calls render() with a fetch
 * that answers through the app itself (app.inject, with the visitor's cookies), so the page's
 * queries run the same code, authorization and launch mode as in the browser. The page's queries
 * are prefetched first (app/route-data.ts), the launch-mode guard decides as the browser's would
 * (a redirect answers 302), then React streams the page with its data; the browser hydrates it.
 */

const requestFetch = new AsyncLocalStorage<typeof fetch>();
setFetchSource(() => requestFetch.getStore() ?? fetch);

const resources = { en, he } as const;

export interface RenderRequest {
  /** Path and query string ('/he/property/3?x=1'). */
  url: string;
  siteUrl: string;
  /** Answers the app's /api calls for this visitor. */
  fetch: typeof fetch;
  /** The answer's Content-Security-Policy nonce, for React's inline streaming scripts. */
  nonce?: string;
  /** Told about an error while rendering (the part that failed is rendered in the browser instead). */
  onError?: (error: unknown) => void;
}

export type RenderResult =
  | { kind: 'redirect'; location: string }
  /**
   * Not a server-rendered page: the server sends the shell, rendered in the browser, with the URL's
   * language and the groups of translations its first render needs (`state`, `translationGroups`:
   * the shell's and the page's), which its HTML preloads, so that render does not wait for them.
   */
  | { kind: 'shell'; language: Language; dir: 'ltr' | 'rtl'; state: string; translationGroups: string[] }
  | {
      kind: 'page';
      status: number;
      language: Language;
      dir: 'ltr' | 'rtl';
      head: string;
      /** The query cache, the language and the groups of translations, for the browser to hydrate with. */
      state: string;
      /** The page's HTML, once every part of it has rendered. */
      body: Readable;
      signedIn: boolean;
      /** The source paths of the page's modules (keys of the build's manifest), for the browser to fetch with the app. */
      pageModules: string[];
      /** The groups of translations the HTML used and the page names (web/i18n/translation-groups.ts), for the browser to fetch with the app. */
      translationGroups: string[];
    };

/** A data block, not a script: the Content-Security-Policy allows no inline script but the theme one. */
function stateBlock(pageState: ServerPageState): string {
  return `<script type="application/json" id="${serverStateElementId}">${serializeForScript(pageState)}</script>`;
}

/**
 * The state block of a page rendered in the browser: no data, the language and the groups of
 * translations the page needs. The same for every request of a page in a language, so made once.
 */
const shellStates = new Map<string, { state: string; translationGroups: string[] }>();

function shellOf(language: Language, pathname: string) {
  const translationGroups = withShell(pageTranslationsOf(pathname));
  const key = `${language} ${translationGroups.join(' ')}`;
  let shell = shellStates.get(key);
  if (shell === undefined) {
    shell = { state: stateBlock({ queries: { queries: [], mutations: [] }, language, translationGroups }), translationGroups };
    shellStates.set(key, shell);
  }
  return { kind: 'shell', language, dir: directionOf(language), ...shell } as const;
}

/** The shell's group and others, each once, in a stable order (the key of a page's files on the server). */
function withShell(groups: Iterable<string>): string[] {
  return ['shell', ...[...new Set(groups)].filter((group) => group !== 'shell').sort()];
}

/** The access of the page a bare path names, or null when no page does (the not-found page answers). */
function accessOf(barePath: string) {
  return pageRoutes.find((route) => route.path !== '*' && matchPath({ path: route.path, end: true }, barePath))?.access ?? null;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.siteUrl);
  const language = languageOfPath(url.pathname);
  const barePath = stripLanguagePrefix(url.pathname);
  const pageAccess = accessOf(barePath);
  // A path no page answers renders the not-found page here, as HTTP 404 (not the shell's 200).
  const found = pageAccess === null ? { route: notFoundRouteData, params: {} } : findRouteData(barePath);
  const access = pageAccess ?? 'everyone';
  if (!found || access === 'account' || access === 'admin' || access === 'auth') return shellOf(language, url.pathname);

  return requestFetch.run(request.fetch, async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const [user, settings] = await Promise.all([
      queryClient.fetchQuery(sessionQuery()).catch(() => null),
      queryClient.fetchQuery(publicSettingsQuery()).catch(() => null),
    ]);
    if (!settings) return shellOf(language, url.pathname);

    // The same decision the browser's route guard takes, answered as a redirect before anything renders.
    const decision = decideAccess({
      access,
      launchMode: settings.launchMode,
      user,
      currentPath: barePath + url.search,
      next: url.searchParams.get('next'),
    });
    if (decision.kind === 'redirect') {
      const index = decision.to.search(/[?#]/);
      const pathname = index === -1 ? decision.to : decision.to.slice(0, index);
      return { kind: 'redirect', location: localizePath(pathname, language) + (index === -1 ? '' : decision.to.slice(index)) } as const;
    }
    if (decision.kind === 'forbidden') return shellOf(language, url.pathname);

    // This request's own translator: requests in other languages render at the same time. It notes
    // the groups of the keys the page's HTML uses: the browser loads them before it hydrates.
    const usedKeys = new Set<string>();
    const i18n = new Translator(language, { [language]: resources[language] }, { onKey: (key) => usedKeys.add(key) });

    const { status, ...head } = await prefetchRoute(found.route, {
      queryClient,
      params: found.params,
      search: url.searchParams,
      language,
      t: i18n.t,
      siteUrl: request.siteUrl,
      barePath,
    });

    // A page whose data does not exist (404) or is gone (410) renders its not-found state here, not the
    // loading state a failed query shows while it would be fetched again on mount. Failed queries are
    // not in the state the browser hydrates with, so the browser renders that page afresh (below).
    const missing = status === 404 || status === 410;
    const failedQuery = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0;
    if (missing) queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });

    // The page's module first, so it renders without suspending (as it will hydrate).
    await preloadPageOf(url.pathname, queryClient);
    // Only what the page's HTML says counts, not the head's title and description.
    usedKeys.clear();

    const body = await new Promise<Readable>((resolve, reject) => {
      const output = new PassThrough();
      const stream = renderToPipeableStream(
        <StrictMode>
          <TranslatorProvider translator={i18n}>
            <QueryClientProvider client={queryClient}>
              <StaticRouter location={url.pathname + url.search}>
                <AppRoutes />
              </StaticRouter>
            </QueryClientProvider>
          </TranslatorProvider>
        </StrictMode>,
        {
          // The whole page in place, never a Suspense boundary's fallback with its content outlined after
          // it: by default React sends a boundary past 12,800 bytes as its fallback plus hidden content that
          // an inline script swaps in later, so the first paint showed the loading screen and the page's
          // largest paint waited for that script. The page is sent once it is all ready anyway (below).
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          // Waits for the lazy page chunks so crawlers and no-JS visitors get the whole page.
          onAllReady() {
            stream.pipe(output);
            resolve(output);
          },
          onShellError: reject,
          onError(error) {
            request.onError?.(error);
          },
          ...(request.nonce ? { nonce: request.nonce } : {}),
        },
      );
      setTimeout(() => stream.abort(), 10_000).unref();
    });

    // Not the translations: the page is drawn already, and the browser has them from cacheable chunks.
    const translationGroups = withShell([
      ...pageTranslationsOf(url.pathname, queryClient),
      ...[...usedKeys].flatMap((key) => groupOfKey(key) ?? []),
    ]);
    const state = stateBlock({
      queries: dehydrate(queryClient),
      language,
      translationGroups,
      ...(missing && failedQuery ? { hydrate: false } : {}),
    });

    return {
      kind: 'page',
      status,
      language,
      dir: directionOf(language),
      head: buildHeadTags({ siteUrl: request.siteUrl, barePath, language, ...head }),
      state,
      body,
      signedIn: user !== null,
      pageModules: pageModulesOf(url.pathname, queryClient),
      translationGroups,
    } as const;
  });
}
