import { useEffect, useState, type RefObject } from 'react';

/**
 * The `top` for a sticky side panel: `offset` below the nav bar, or, when the panel is taller than the
 * window, a negative top so it scrolls along until its end shows and then sticks there. Its action
 * button stays reachable without an inner scroll box that would clip pop-ups. `ready` re-measures
 * once the panel's content has arrived.
 *
 * Measured only where the panel is sticky (from `stickyFromPx` wide), after paint: on a phone the
 * panel is part of the page's flow, and measuring it in a layout effect forced a layout of the whole
 * page during hydration and a second, synchronous render of it (the property page's blocking time).
 */
export function useStickyTop(element: RefObject<HTMLElement | null>, offset: number, stickyFromPx: number, ready = true): number {
  const [top, setTop] = useState(offset);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const sticky = window.matchMedia(`(min-width: ${stickyFromPx}px)`);
    const update = () => {
      if (!sticky.matches) return;
      const next = Math.min(offset, window.innerHeight - node.offsetHeight - 16);
      setTop((current) => (current === next ? current : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(node);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [element, offset, stickyFromPx, ready]);
  return top;
}
