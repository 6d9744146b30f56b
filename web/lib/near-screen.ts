/**
 * Resolves once the element `selector` finds is within `margin` of the screen, or at the visitor's
 * first scroll, tap or key, whichever comes first; at once where there is nothing to watch (the
 * server, a page drawn in the browser, which has no such element yet, or a browser without
 * IntersectionObserver).
 *
 * Rule: code for a part at the bottom of a server-rendered page loads when the visitor may reach it.
 * Why: the footer's code was loaded after every hydration (5 KB compressed), for a part most visits
 * never scroll to (issue 40). Any scroll, tap or key counts too: a page whose part React had to
 * draw again (a change above it before it hydrated) may have no element left to watch.
 */
export function whenNearScreen(selector: string, margin = '600px'): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const events = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
    const done = () => {
      observer.disconnect();
      for (const event of events) window.removeEventListener(event, done, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: margin });
    observer.observe(element);
    for (const event of events) window.addEventListener(event, done, { capture: true, passive: true, once: true });
  });
}
