import './lib/zod-without-eval.ts';
import '@fontsource-variable/heebo';
import './styles.css';
import { hydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { decidesWithoutCountry, detectLanguage } from '../core/language-detection.ts';
import { languageOfPath, localizePath } from '../core/languages.ts';
import { AppRoutes, preloadPageOf } from './app/routes.tsx';
import { i18n, initI18n, loadTranslationGroups, readStoredLanguage } from './i18n/index.ts';
import { setBeforeApiError } from './lib/api-client.ts';
import { detectVisitorLanguage, localSignals, writeOverrideCookie } from './lib/language-detection.ts';
import { readServerState } from './lib/server-state.ts';
import { initTheme } from './lib/theme.ts';

const detectedKey = 'language-detected';

/**
 * Language detection, only at an unprefixed (English) path: a /he URL is already a choice.
 * What the browser knows decides before the app first renders; when only the country can tell, the page
 * starts in English and switches once our /api/geo answers (once per browser session).
 */
function detectFirstLanguage() {
  if (languageOfPath(window.location.pathname) !== 'en') return;
  const local = localSignals();
  // A Hebrew choice stored before the override cookie existed still counts as one.
  const signals = { ...local, override: local.override ?? (readStoredLanguage() === 'he' ? 'he' : null) };
  if (decidesWithoutCountry(signals)) {
    const detection = detectLanguage({ ...signals, country: null });
    if (detection.setOverride) writeOverrideCookie(detection.language);
    if (detection.language === 'he') {
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, '', localizePath(pathname, 'he') + search + hash);
    }
    return;
  }
  try {
    if (sessionStorage.getItem(detectedKey)) return;
    sessionStorage.setItem(detectedKey, '1');
  } catch {
    // Without session storage the detection simply runs on every load.
  }
  void detectVisitorLanguage(signals).then((detection) => {
    if (detection.setOverride) writeOverrideCookie(detection.language);
    if (detection.language === 'he' && languageOfPath(window.location.pathname) === 'en') void i18n.changeLanguage('he');
  });
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element not found');

/**
 * How long the data a server-rendered page arrived with counts as fresh, as on the server
 * (web/entry-server.tsx). Without it every query the page mounts is stale at once (the client's
 * default is 0) and fetches again what the HTML already carries, re-rendering the page just after
 * hydration. Once such a query is updated (a refetch, an invalidation, a mutation) it is an ordinary
 * query again with the default of 0.
 */
const serverDataFreshMs = 60_000;
const serverRendered = new WeakMap<Query, number>();

/**
 * Lets the browser run what is waiting (a paint, a tap, a keystroke) before the next step of starting.
 * Evaluating the entry, reading the page's data, finding its page and hydrating are each a task of
 * their own instead of one long one: on a phone that one task blocked input for hundreds of
 * milliseconds (Lighthouse counts a task's time past 50 ms as blocking time).
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  // Not while the entry is evaluated: its task is long enough. A server-rendered page is already
  // painted in its language and theme, and a page rendered here paints only once it renders below.
  await yieldToBrowser();
  detectFirstLanguage();
  initTheme();
  const serverState = readServerState();
  const language = languageOfPath(window.location.pathname);
  // The server rendered this page in this language (a first-visit redirect to /he may have changed it since).
  const hydrating =
    serverState !== null && serverState.hydrate !== false && serverState.language === language && rootElement!.hasChildNodes();
  // Only the shown language's translations, and of them the groups the page shows (decision 066): the
  // shell's and those the server named (the ones its HTML used, and the page's), which the start
  // script or the HTML fetched with the app (server/app-start.ts; a development server, or a language
  // changed since, loads the shell's now). The page's own groups load with its module (app/lazy-page.tsx).
  const named = serverState?.language === language ? (serverState.translationGroups ?? []) : [];
  const groups = [...new Set(['shell', ...named])];
  initI18n(window.location.pathname, { groups: await loadTranslationGroups(language, groups) });
  // A failed API call's message is in the errors group: it is loaded before the error reaches the page.
  setBeforeApiError(() => i18n.require(['errors']));

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: 1,
        staleTime: (query) => (serverRendered.get(query) === query.state.dataUpdatedAt ? serverDataFreshMs : 0),
      },
    },
  });
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );

  if (hydrating) {
    // The server's query data first, so the first render matches the server's HTML.
    hydrate(queryClient, serverState.queries);
    for (const query of queryClient.getQueryCache().getAll()) serverRendered.set(query, query.state.dataUpdatedAt);
    await yieldToBrowser();
    await preloadPageOf(window.location.pathname, queryClient);
    // In a transition, hydration is time-sliced: React yields to the browser every few milliseconds
    // instead of hydrating the whole page in one long task (a tap or a keystroke is answered meanwhile;
    // Lighthouse counts long tasks as blocking time). The server's HTML stays on screen until then.
    startTransition(() => {
      hydrateRoot(rootElement!, app);
    });
  } else {
    rootElement!.textContent = '';
    createRoot(rootElement!).render(app);
  }
}

void start();
