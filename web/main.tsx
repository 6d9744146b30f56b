import './lib/zod-without-eval.ts';
import '@fontsource-variable/heebo';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { decidesWithoutCountry, detectLanguage } from '../core/language-detection.ts';
import { languageOfPath, localizePath } from '../core/languages.ts';
import { routes } from './app/routes.tsx';
import { i18n, initI18n, readStoredLanguage } from './i18n/index.ts';
import { detectVisitorLanguage, localSignals, writeOverrideCookie } from './lib/language-detection.ts';
import { initTheme } from './lib/theme.ts';

const detectedKey = 'language-detected';

/**
 * Language detection, only at an unprefixed (English) path: a /he URL is already a choice.
 * What the browser knows decides before the first paint; when only the country can tell, the page
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

detectFirstLanguage();
initTheme();
initI18n(window.location.pathname);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

const router = createBrowserRouter(routes);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element not found');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
