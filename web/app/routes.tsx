import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useLanguage } from './language.tsx';
import { RootLayout } from './root-layout.tsx';
import type { Access } from './access.ts';
import type { RouteHandle } from './route-guard.tsx';
import { usePublicSettings } from '../lib/settings.ts';
import { useEmailConfirmedNotice } from '../features/auth/email-confirmed-notice.ts';
import { useNewsletterConfirmedNotice } from '../components/footer/newsletter-confirmed-notice.ts';

// Every page is its own chunk; only the shell (layout, nav bar, footer, guard) is in the main bundle.
const LandingPage = lazy(() => import('../features/landing/landing-page.tsx'));
const ExplorePage = lazy(() => import('../features/explore/explore-page.tsx'));
const ResultsPage = lazy(() => import('../features/results/results-page.tsx'));
const AuthPage = lazy(() => import('../features/auth/auth-page.tsx'));
const PropertyPage = lazy(() => import('../features/property/property-page.tsx'));
const BecomeHostPage = lazy(() => import('../features/become-host/become-host-page.tsx'));
const FeaturesPage = lazy(() => import('../features/product-features/features-page.tsx'));
const AboutPage = lazy(() => import('../features/about/about-page.tsx'));
const ContactPage = lazy(() => import('../features/contact/contact-page.tsx'));
const CareersPage = lazy(() => import('../features/careers/careers-page.tsx'));
const BlogPage = lazy(() => import('../features/blog/blog-page.tsx'));
const BlogPostPage = lazy(() => import('../features/blog/blog-post-page.tsx'));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.tsx'));
const HelpPage = lazy(() => import('../features/help/help-page.tsx'));
const HelpArticlePage = lazy(() => import('../features/help/help-article-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const MyBookingsPage = lazy(() => import('../features/bookings/my-bookings-page.tsx'));
const HostBookingsPage = lazy(() => import('../features/bookings/host-bookings-page.tsx'));
const HostDashboardPage = lazy(() => import('../features/host-listings/host-dashboard-page.tsx'));
const ListingCalendarPage = lazy(() => import('../features/host-listings/listing-calendar-page.tsx'));
const ListingWizardPage = lazy(() => import('../features/host-listings/listing-wizard-page.tsx'));
const SavedPage = lazy(() => import('../features/saved/saved-page.tsx'));
const AdminPage = lazy(() => import('../features/admin/admin-page.tsx'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));

/** '/': the coming-soon landing in prelaunch, the home search when live (the explore page for now). */
function HomeRoute() {
  const { launchMode } = usePublicSettings();
  useEmailConfirmedNotice();
  useNewsletterConfirmedNotice();
  return launchMode === 'live' ? <ExplorePage /> : <LandingPage />;
}

/** /old-home: kept for old links, sends to the home page in the same language. */
function OldHomeRedirect() {
  const { localize } = useLanguage();
  return <Navigate to={localize('/')} replace />;
}

interface PageRoute {
  path: string;
  access: Access;
  element: ReactNode;
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
  { path: '/old-home', access: 'everyone', element: <OldHomeRedirect /> },
  { path: '/profile', access: 'account', element: <ProfilePage /> },
  { path: '/my-bookings', access: 'account', element: <MyBookingsPage /> },
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
    children: pageRoutes.flatMap(({ path, access, element }) => {
      const handle: RouteHandle = { access };
      return [
        { path, element, handle },
        { path: hebrewPath(path), element, handle },
      ];
    }),
  },
];
