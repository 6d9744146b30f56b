import type { QueryClient } from '@tanstack/react-query';
import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { useLanguage } from './language.tsx';
import { RootLayout } from './root-layout.tsx';
import type { Access } from './access.ts';
import { RouteGuard } from './route-guard.tsx';
import { publicSettingsQueryKey, usePublicSettings } from '../lib/settings.ts';
import type { PublicSettings } from '../../core/contracts/settings.ts';
import { useEmailConfirmedNotice } from '../features/auth/email-confirmed-notice.ts';
import { useNewsletterConfirmedNotice } from '../components/footer/newsletter-confirmed-notice.ts';

// Every page is its own chunk; only the shell (layout, nav bar, footer, guard) is in the main bundle.
const LandingPage = lazyPage('features/landing/landing-page.tsx', () => import('../features/landing/landing-page.tsx'));
const ExplorePage = lazyPage('features/explore/explore-page.tsx', () => import('../features/explore/explore-page.tsx'));
const ResultsPage = lazyPage('features/results/results-page.tsx', () => import('../features/results/results-page.tsx'));
const AuthPage = lazyPage('features/auth/auth-page.tsx', () => import('../features/auth/auth-page.tsx'));
const PropertyPage = lazyPage('features/property/property-page.tsx', () => import('../features/property/property-page.tsx'));
const BecomeHostPage = lazyPage('features/become-host/become-host-page.tsx', () => import('../features/become-host/become-host-page.tsx'));
const FeaturesPage = lazyPage(
  'features/product-features/features-page.tsx',
  () => import('../features/product-features/features-page.tsx'),
);
const AboutPage = lazyPage('features/about/about-page.tsx', () => import('../features/about/about-page.tsx'));
const ContactPage = lazyPage('features/contact/contact-page.tsx', () => import('../features/contact/contact-page.tsx'));
const CareersPage = lazyPage('features/careers/careers-page.tsx', () => import('../features/careers/careers-page.tsx'));
const BlogPage = lazyPage('features/blog/blog-page.tsx', () => import('../features/blog/blog-page.tsx'));
const BlogPostPage = lazyPage('features/blog/blog-post-page.tsx', () => import('../features/blog/blog-post-page.tsx'));
const TermsPage = lazyPage('features/legal/terms-page.tsx', () => import('../features/legal/terms-page.tsx'));
const PrivacyPage = lazyPage('features/legal/privacy-page.tsx', () => import('../features/legal/privacy-page.tsx'));
const HelpPage = lazyPage('features/help/help-page.tsx', () => import('../features/help/help-page.tsx'));
const HelpArticlePage = lazyPage('features/help/help-article-page.tsx', () => import('../features/help/help-article-page.tsx'));
const ProfilePage = lazyPage('features/profile/profile-page.tsx', () => import('../features/profile/profile-page.tsx'));
const PersonPage = lazyPage('features/people/person-page.tsx', () => import('../features/people/person-page.tsx'));
const MyBookingsPage = lazyPage('features/bookings/my-bookings-page.tsx', () => import('../features/bookings/my-bookings-page.tsx'));
const ReceiptPage = lazyPage('features/receipts/receipt-page.tsx', () => import('../features/receipts/receipt-page.tsx'));
const HostBookingsPage = lazyPage('features/bookings/host-bookings-page.tsx', () => import('../features/bookings/host-bookings-page.tsx'));
const HostDashboardPage = lazyPage(
  'features/host-listings/host-dashboard-page.tsx',
  () => import('../features/host-listings/host-dashboard-page.tsx'),
);
const ListingCalendarPage = lazyPage(
  'features/host-listings/listing-calendar-page.tsx',
  () => import('../features/host-listings/listing-calendar-page.tsx'),
);
const ListingWizardPage = lazyPage(
  'features/host-listings/listing-wizard-page.tsx',
  () => import('../features/host-listings/listing-wizard-page.tsx'),
);
const SavedPage = lazyPage('features/saved/saved-page.tsx', () => import('../features/saved/saved-page.tsx'));
const AdminPage = lazyPage('features/admin/admin-page.tsx', () => import('../features/admin/admin-page.tsx'));
const NotFoundPage = lazyPage('features/errors/not-found-page.tsx', () => import('../features/errors/not-found-page.tsx'));

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

interface PageRoute {
  path: string;
  access: Access;
  element: ReactNode;
  /** False for a route that only redirects: not a page view of its own. */
  countsView?: false;
}

/** The app's routes (English, unprefixed); each one also exists under /he. */
export const pageRoutes: PageRoute[] = [
  { path: '/', access: 'home', element: <HomeRoute /> },
  { path: '/explore', access: 'public', element: <ExplorePage /> },
  { path: '/results', access: 'public', element: <ResultsPage /> },
  { path: '/auth', access: 'auth', element: <AuthPage /> },
  { path: '/property/:id?', access: 'public', element: <PropertyPage /> },
  { path: '/become-host', access: 'public', element: <BecomeHostPage /> },
  { path: '/features', access: 'public', element: <FeaturesPage /> },
  { path: '/about', access: 'public', element: <AboutPage /> },
  { path: '/contact', access: 'public', element: <ContactPage /> },
  { path: '/careers', access: 'public', element: <CareersPage /> },
  { path: '/blog', access: 'public', element: <BlogPage /> },
  { path: '/blog/:slug', access: 'public', element: <BlogPostPage /> },
  { path: '/terms', access: 'everyone', element: <TermsPage /> },
  { path: '/terms-of-service', access: 'everyone', element: <TermsPage /> },
  { path: '/privacy', access: 'everyone', element: <PrivacyPage /> },
  { path: '/privacy-policy', access: 'everyone', element: <PrivacyPage /> },
  { path: '/help', access: 'public', element: <HelpPage /> },
  { path: '/help-center', access: 'public', element: <HelpPage /> },
  { path: '/help/:slug', access: 'public', element: <HelpArticlePage /> },
  { path: '/old-home', access: 'everyone', element: <OldHomeRedirect />, countsView: false },
  { path: '/profile', access: 'account', element: <ProfilePage /> },
  { path: '/people/:id', access: 'public', element: <PersonPage /> },
  { path: '/my-bookings', access: 'account', element: <MyBookingsPage /> },
  { path: '/my-bookings/:id/receipt', access: 'account', element: <ReceiptPage /> },
  { path: '/host/bookings', access: 'account', element: <HostBookingsPage /> },
  { path: '/host/listings', access: 'account', element: <HostDashboardPage /> },
  { path: '/host/listings/new', access: 'account', element: <ListingWizardPage /> },
  { path: '/host/listings/:id/edit', access: 'account', element: <ListingWizardPage /> },
  { path: '/host/listings/:id/calendar', access: 'account', element: <ListingCalendarPage /> },
  { path: '/saved', access: 'account', element: <SavedPage /> },
  { path: '/admin', access: 'admin', element: <AdminPage /> },
  { path: '*', access: 'everyone', element: <NotFoundPage /> },
];

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

/** Loads the page module of a location ahead, so hydration renders it at once (main.tsx, entry-server.tsx). */
export async function preloadPageOf(pathname: string, queryClient?: QueryClient): Promise<void> {
  await Promise.all(pagesOf(pathname, queryClient).map((page) => page.preload()));
}
