import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import { LanguageProvider } from '../app/language.tsx';
import { languageOfPath } from '../../core/languages.ts';
import en from '../i18n/en.json';
import he from '../i18n/he.json';
import { i18n, initI18n, isI18nStarted } from '../i18n/index.ts';

// Without vitest globals Testing Library cannot unmount by itself between tests.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Answers the page's API calls without a server: GET `path` (its pathname, query ignored) with
 * `answers[path]` as JSON, or a function of the request; anything else is a 404.
 */
export function stubApi(answers: Record<string, unknown>) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const answer = answers[url.pathname];
    if (answer === undefined) return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    return typeof answer === 'function'
      ? (answer as (init: RequestInit | undefined) => Response | Promise<Response>)(init)
      : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/**
 * Renders a piece of a page as the app does: in the language of `path` ('/he/...' is Hebrew), inside
 * the router, the language provider and a fresh query client whose data a test may seed with
 * `queryData` (query key → value); `route` is the route pattern when the page reads its params.
 * Component tests (web/**\/*.test.tsx) share it.
 */
export function renderPage(
  ui: ReactNode,
  { path = '/', route = '*', queryData = [] }: { path?: string; route?: string; queryData?: [readonly unknown[], unknown][] } = {},
): RenderResult & { queryClient: QueryClient } {
  if (isI18nStarted()) void i18n.changeLanguage(languageOfPath(path));
  else initI18n(path, { en, he });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of queryData) queryClient.setQueryData(key, value);
  // The declarative router, as the app uses (web/app/routes.tsx).
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={<LanguageProvider>{ui}</LanguageProvider>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
