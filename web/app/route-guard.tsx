import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../components/ui/loading-state.tsx';
import { pageViewPathOf } from '../../core/analytics.ts';
import { usePageViews } from '../lib/analytics.ts';
import { useSession } from '../lib/session.ts';
import { usePublicSettings } from '../lib/settings.ts';
import { decideAccess, type Access } from './access.ts';
import { useLanguage } from './language.tsx';

const ForbiddenPage = lazy(() => import('../features/errors/forbidden-page.tsx'));

/** Counts a page view of the route being shown (its pattern: core/analytics.ts); rendered only beside a page the guard lets through. */
function PageView({ pattern }: { pattern: string }) {
  const { barePath, language } = useLanguage();
  usePageViews(pageViewPathOf(pattern, barePath), language);
  return null;
}

/**
 * Decides, per route, between the page, a redirect (replace, in the current language), the 403 page,
 * or the loading screen while the session and launch mode are still unknown.
 */
export function RouteGuard({
  access,
  pattern,
  countsView = true,
  children,
}: {
  access: Access;
  /** The route's path pattern ('/people/:id'), which its page views record. */
  pattern: string;
  /** False for a route that only redirects: the page it leads to counts its own view. */
  countsView?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const { barePath, localize } = useLanguage();
  const session = useSession();
  const settings = usePublicSettings();

  const shown = (page: ReactNode) => (
    <>
      {countsView && <PageView pattern={pattern} />}
      {page}
    </>
  );

  if (access === 'everyone') return shown(children);
  if (session.isLoading || settings.isLoading) return <LoadingState variant="screen" testId="loading-screen" />;

  const decision = decideAccess({
    access,
    launchMode: settings.launchMode,
    user: session.user,
    currentPath: barePath + location.search,
    next: new URLSearchParams(location.search).get('next'),
  });
  if (decision.kind === 'redirect') return <Navigate to={localize(decision.to)} replace />;
  if (decision.kind === 'forbidden') return shown(<ForbiddenPage />);
  return shown(children);
}
