import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/ui/loading-state.tsx';
import { NavBar } from '../components/nav-bar/nav-bar.tsx';
import { cn } from '../lib/cn.ts';
import { whenNearScreen } from '../lib/near-screen.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useTheme } from '../lib/theme.ts';
import { toastsRaised } from '../lib/toast.ts';
import { LanguageProvider, useLanguage } from './language.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

// The footer is below the fold: its own chunk, loaded when the footer nears the screen (or at the
// first scroll, tap or key) and hydrated when it arrives; the server renders it in place, so it is on
// screen from the first paint, its links work as links, and a tap or typing in it meanwhile is held
// (web/index.html, data-hydrates-later). About 5 KB compressed off every page that is not scrolled.
const Footer = lazy(() =>
  whenNearScreen('[data-testid="footer"]').then(() =>
    import('../components/footer/footer.tsx').then((module) => ({ default: module.Footer })),
  ),
);

// sonner is not part of the first load: the notification area mounts after hydration, once a toast is
// raised (it shows the toasts raised before it mounted), and the server never renders it.
const Toaster = lazy(() => import('../components/toaster.tsx'));

/**
 * The notification area, mounted once the page is hydrated and a toast has been raised (lib/toast.ts):
 * a visit without one never loads sonner. A component of its own so that neither
 * mounting it nor the stored theme re-renders the page: the theme store's snapshot differs from the
 * server's after hydration, which React answers with a synchronous re-render of every component that
 * reads it (here the whole page, in one long task, when the shell read it).
 */
function Notifications() {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  const { resolved } = useTheme();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const raised = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.get, () => false);
  if (!hydrated || !raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster dir={dir} theme={resolved} label={t('common.notifications')} closeLabel={t('common.closeNotification')} />
    </Suspense>
  );
}

/**
 * Marks the page interactive (html[data-hydrated]; tests wait for it). A server-rendered page is
 * visible before it is hydrated, and the page's boundary hydrates after the shell's (React leaves a
 * server-rendered Suspense boundary for later), so the mark lives inside that boundary: its effect
 * runs once the page itself answers clicks, not when the navigation bar does.
 */
function PageHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // Taps and typing from before the scripts ran (web/index.html), given to the page now, and those
    // in a part that hydrates later, given to it then; a chunk of its own, loaded only when there are some.
    const replay = () => void import('../lib/early-input.ts').then((earlyInput) => earlyInput.replayEarlyInput());
    window.__linaStarted = true;
    window.__linaReplay = replay;
    if (window.__linaEarly?.length) replay();
  }, []);
  return null;
}

function Shell() {
  const { t } = useTranslation();
  const { isFading, barePath, language } = useLanguage();
  usePageMeta(barePath, language);
  // The first page is the one the server sent (or the browser first drew): it is on screen at once,
  // not faded in, so the largest paint is not held back by an animation.
  const firstPath = useRef(barePath);
  return (
    <>
      <div
        data-testid="page-container"
        data-fading={isFading ? 'true' : 'false'}
        className={cn('flex min-h-dvh flex-col transition-opacity duration-200 ease-out', isFading ? 'opacity-0' : 'opacity-100')}
      >
        <a
          href="#main"
          className="sr-only z-50 rounded-xl bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {t('common.skipToContent')}
        </a>
        {/* Each boundary hydrates in a task of its own (React yields between them): the navigation,
            the page and the footer, rather than one long task a phone cannot answer a tap during. */}
        <Suspense fallback={null}>
          <NavBar />
        </Suspense>
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Suspense fallback={<LoadingState variant="screen" testId="loading-screen" />}>
            {/* Keyed by the page, not the language: a route change fades in over 250 ms. */}
            <div key={barePath} className={cn('flex flex-1 flex-col', barePath !== firstPath.current && 'animate-fade-in')}>
              <Outlet />
            </div>
            <PageHydrated />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
      <Notifications />
      <ScrollRestoration />
    </>
  );
}

export function RootLayout() {
  return (
    <LanguageProvider>
      <Shell />
    </LanguageProvider>
  );
}
