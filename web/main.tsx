import '@fontsource-variable/heebo';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { languageOfPath, localizePath } from '../core/languages.ts';
import { routes } from './app/routes.tsx';
import { initI18n, readStoredLanguage } from './i18n/index.ts';
import { initTheme } from './lib/theme.ts';

// First load at an unprefixed (English) path by someone who chose Hebrew: replace with the /he path.
if (languageOfPath(window.location.pathname) === 'en' && readStoredLanguage() === 'he') {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', localizePath(pathname, 'he') + search + hash);
}

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
