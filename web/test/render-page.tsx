import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { LanguageProvider } from '../app/language.tsx';
import { languageOfPath } from '../../core/languages.ts';
import { i18n, initI18n } from '../i18n/index.ts';

// Without vitest globals Testing Library cannot unmount by itself between tests.
afterEach(cleanup);

/**
 * Renders a piece of a page as the app does: in the language of `path` ('/he/...' is Hebrew), inside
 * the router, the language provider and a fresh query client whose data a test may seed with
 * `queryData` (query key → value). Component tests (web/**\/*.test.tsx) share it.
 */
export function renderPage(
  ui: ReactNode,
  { path = '/', queryData = [] }: { path?: string; queryData?: [readonly unknown[], unknown][] } = {},
): RenderResult & { queryClient: QueryClient } {
  if (i18n.isInitialized) void i18n.changeLanguage(languageOfPath(path));
  else initI18n(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of queryData) queryClient.setQueryData(key, value);
  const router = createMemoryRouter([{ path: '*', element: <LanguageProvider>{ui}</LanguageProvider> }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
