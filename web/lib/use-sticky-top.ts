import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The `top` for a sticky side panel: `offset` below the nav bar, or, when the panel is taller than the
 * window, a negative top so it scrolls along until its end shows and then sticks there. Its action
 * button stays reachable without an inner scroll box that would clip pop-ups. `ready` re-measures
 * once the panel's content has arrived.
 */
export function useStickyTop(element: RefObject<HTMLElement | null>, offset: number, ready = true): number {
  const [top, setTop] = useState(offset);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    const update = () => setTop(Math.min(offset, window.innerHeight - node.offsetHeight - 16));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(node);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [element, offset, ready]);
  return top;
}
