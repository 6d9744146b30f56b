import type { QueryClient } from '@tanstack/react-query';
import { isValidElement, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { useLanguage } from './language.tsx';
import { RootLayout } from './root-layout.tsx';
import type { Access } from './access.ts';
import { pageEntries, type ComponentRoutePath, type PageModulePath } from './page-table.ts';
import { RouteGuard } from './route-guard.tsx';
import { publicSettingsQueryKey, usePublicSettings } from '../lib/settings.ts';
import type { PublicSettings } from '../../core/contracts/settings.ts';
import { useEmailConfirmedNotice } from '../features/auth/email-confirmed-notice.ts';
import { useNewsletterConfirmedNotice } from '../components/footer/newsletter-confirmed-notice.ts';

// Every page is its own chunk (page-table.ts); only the shell (layout, nav bar, footer, guard) is in the main bundle.
const pages = new Map(
  pageEntries.flatMap(({ module, load, translations }) =>
    module && load ? [[module, lazyPage(module, load, translations)] as const] : [],
  ),
);
const pageOf = (module: PageModulePath): LazyPage => pages.get(module)!;
const ExplorePage = pageOf('features/explore/explore-page.tsx');
const LandingPage = pageOf('features/landing/landing-page.tsx');

/** '/': the coming-soon landing in prelaunch, the home search when live (the explore page for now). */
function HomeRoute() {
  const { launchMode } = usePublicSettings();
  useEmailConfirmedNotice();
  useNewsletterConfirmedNotice();
  return launchMode === 'live' ? <ExplorePage /> : <LandingPage />;
}

// Only the page the (server-prefetched) launch mode shows: the other one is not part of the first load.
HomeRoute.pages = (queryClient?: QueryClient): LazyPage[] => {
  const settings = queryClient?.getQueryData<PublicSettings>(publicSettingsQueryKey);
  if (!settings) return [ExplorePage, LandingPage];
  return settings.launchMode === 'live' ? [ExplorePage] : [LandingPage];
};

/** /old-home: kept for old links, sends to the home page in the same language. */
function OldHomeRedirect() {
  const { localize } = useLanguage();
  return <Navigate to={localize('/')} replace />;
}

/** The routes drawn by a component of their own (page-table.ts's entries without a module), by first path. */
const routeComponents: Record<ComponentRoutePath, ComponentType> = { '/': HomeRoute, '/old-home': OldHomeRedirect };

interface PageRoute {
  path: string;
  access: Access;
  element: ReactNode;
  /** False for a route that only redirects: not a page view of its own. */
  countsView?: false;
}

/** The app's routes (English, unprefixed), from the page table; each one also exists under /he. */
export const pageRoutes: PageRoute[] = pageEntries.flatMap(({ paths, access, module, shows }) => {
  const Element = module ? pages.get(module)! : routeComponents[paths[0] as ComponentRoutePath];
  // A route that shows no page (a redirect) is not a page view of its own: the page it sends to is.
  const countsView = module || shows?.length ? {} : { countsView: false as const };
  return paths.map((path) => ({ path, access, element: <Element />, ...countsView }));
});

function hebrewPath(path: string): string {
  if (path === '*') return '/he/*';
  return path === '/' ? '/he' : `/he${path}`;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: pageRoutes.flatMap(({ path, access, element, countsView }) => {
      // The guard decides, per route, between the page, a redirect, the 403 page and the loading screen.
      const guarded = (
        <RouteGuard access={access} pattern={path} countsView={countsView ?? true}>
          {element}
        </RouteGuard>
      );
      return [
        { path, element: guarded },
        { path: hebrewPath(path), element: guarded },
      ];
    }),
  },
];

/**
 * The app's routes in the declarative router (`<BrowserRouter>` in the browser, `<StaticRouter>` on
 * the server): the pages fetch their own data through TanStack Query, so the data router's loaders,
 * actions and fetchers would be about 17 KB of first-load JavaScript that nothing uses (decision 027).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The pages a location shows: a lazy page itself, or those a route component names (`pages`).
 * `queryClient` holds the page's prefetched data, from which a route may tell which page it shows.
 */
function pagesOf(pathname: string, queryClient?: QueryClient): LazyPage[] {
  const guarded = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  // Each route's element is its page inside the route guard.
  const element = isValidElement<{ children?: ReactNode }>(guarded) ? guarded.props.children : null;
  if (!isValidElement(element)) return [];
  const type = element.type as Partial<LazyPage> & { pages?: (queryClient?: QueryClient) => LazyPage[] };
  if (type.pages) return type.pages(queryClient);
  return type.preload ? [type as LazyPage] : [];
}

/** The source paths of the page modules a location shows (their keys in the build's manifest). */
export function pageModulesOf(pathname: string, queryClient?: QueryClient): string[] {
  return pagesOf(pathname, queryClient).map((page) => page.module);
}

/** The groups of translations the pages a location shows need beyond the shell's (page-table.ts). */
export function pageTranslationsOf(pathname: string, queryClient?: QueryClient): string[] {
  return [...new Set(pagesOf(pathname, queryClient).flatMap((page) => page.translations))];
}

/** Loads the page module of a location ahead, so hydration renders it at once (main.tsx, entry-server.tsx). */
export async function preloadPageOf(pathname: string, queryClient?: QueryClient): Promise<void> {
  await Promise.all(pagesOf(pathname, queryClient).map((page) => page.preload()));
}
