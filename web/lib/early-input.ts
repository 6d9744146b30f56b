/**
 * What a visitor did before the app started, given to it once it has (issue 40: "a tap or keystroke
 * before hydration is never lost"). A server-rendered page is on screen seconds before its scripts
 * have run on a slow phone; until then a tap on a button did nothing and text typed into a field was
 * wiped when React took the field over.
 *
 * The inline script in web/index.html holds each tap on a button, a radio or a checkbox (the default
 * is prevented, so a form does not submit half-started) and notes each field's text, keyed by the
 * element's id or data-testid. Once the page is hydrated this replays them in order: a field gets
 * its last text through the native value setter and an input event (how React hears typing), a tap
 * is a click. Each waits until React has taken its element over, as each part of the page hydrates
 * in a task of its own.
 */
interface EarlyAction {
  type: 'click' | 'input';
  key: string;
  value?: string;
}

declare global {
  interface Window {
    __linaEarly?: EarlyAction[];
    __linaStarted?: boolean;
  }
}

/** React keeps an element's props on it under a key of this prefix once it owns the element. */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
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

function typeInto(element: HTMLElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // The prototype's setter, not `element.value =`: React tracks values set through the element and
  // would take the input event for no change.
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

let replayed = false;

/** Stops holding taps and replays what was held; once per page load. */
export async function replayEarlyInput(): Promise<void> {
  if (replayed) return;
  replayed = true;
  const actions = window.__linaEarly ?? [];
  window.__linaStarted = true;
  window.__linaEarly = [];
  // A field's last text is what counts, at the place it was typed last.
  const lastInput = new Map<string, number>();
  actions.forEach((action, index) => action.type === 'input' && lastInput.set(action.key, index));
  for (const [index, action] of actions.entries()) {
    if (action.type === 'input' && lastInput.get(action.key) !== index) continue;
    const element = await whenOwned(action.key);
    if (!element) continue;
    if (action.type === 'input') typeInto(element, action.value ?? '');
    else element.click();
  }
}
