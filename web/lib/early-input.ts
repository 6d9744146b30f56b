/**
 * What a visitor did before the app started, given to it once it has (issue 40: "a tap or keystroke
 * before hydration is never lost"). A server-rendered page is on screen seconds before its scripts
 * have run on a slow phone; until then a tap on a button did nothing and text typed into a field was
 * wiped when React took the field over.
 *
 * The inline script in web/index.html holds each tap on a button, a radio or a checkbox (the default
 * is prevented, so a form does not submit half-started) and notes each field's text, keyed by the
 * element's id or data-testid, until the part of the page they are in has hydrated: before the app
 * has started, and after it in a part that hydrates later (the footer, when it nears the screen).
 * This module replays them in order, loaded only when there is something to replay
 * (app/root-layout.tsx): a field gets its last text through the native value setter and an input
 * event (how React hears typing), a tap is a click. Each waits until React has taken its element over.
 */
interface EarlyAction {
  type: 'click' | 'input';
  key: string;
  value?: string;
}

declare global {
  interface Window {
    __linaEarly?: EarlyAction[];
    /** Set once the page has hydrated (app/root-layout.tsx): from then on only unhydrated parts hold input. */
    __linaStarted?: boolean;
    /** Called by the inline script when it holds input after the start: replays it once its part hydrates. */
    __linaReplay?: () => void;
  }
}

/**
 * React keeps an element's props on it under a key of this prefix once it owns the element; in a part
 * that hydrates later, the part's mark says when React has committed it (its events reach React then).
 */
function ownedByReact(element: Element): boolean {
  return (
    Object.keys(element).some((key) => key.startsWith('__reactProps$')) &&
    element.closest('[data-hydrates-later]:not([data-hydrated])') === null
  );
}

/** The element once it is there and React owns it; null after `timeoutMs`. */
function whenOwned(key: string, timeoutMs = 10_000): Promise<HTMLElement | null> {
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve) => {
    const look = () => {
      const element = document.querySelector<HTMLElement>(key);
      if (element && ownedByReact(element)) return resolve(element);
      if (performance.now() > deadline) return resolve(null);
      requestAnimationFrame(look);
    };
    look();
  });
}

function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // React tracks the values set through the element and takes an input event without a change from
  // the one it tracks for no change. The field may show the text already (typed before React took it
  // over, which tracked it then): so an empty value through the element first, then the text through
  // the prototype's setter, which React does not see, and the input event.
  element.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

let replaying: Promise<void> = Promise.resolve();

/** Replays what was held so far, after any replay still running; called again for what is held later. */
export function replayEarlyInput(): Promise<void> {
  replaying = replaying.then(replayHeld);
  return replaying;
}

async function replayHeld(): Promise<void> {
  // Taken from the array the inline script keeps pushing to.
  const actions = (window.__linaEarly ?? []).splice(0);
  if (actions.length === 0) return;
  // A field's last text is what counts, at the place it was typed last.
  const lastInput = new Map<string, number>();
  actions.forEach((action, index) => action.type === 'input' && lastInput.set(action.key, index));
  for (const [index, action] of actions.entries()) {
    if (action.type === 'input' && lastInput.get(action.key) !== index) continue;
    const element = await whenOwned(action.key);
    if (!element) continue;
    if (action.type === 'input') typeInto(element as HTMLInputElement, action.value ?? '');
    else element.click();
  }
}
