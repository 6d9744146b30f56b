import { useEffect, type RefObject } from 'react';

/**
 * A server-rendered text field can be typed into before the app hydrates (a phone on a slow network
 * shows the page seconds before its JavaScript runs). React keeps what the field holds when it
 * hydrates, but the state behind the field still has the server's value, so the next render would
 * wipe the typed text. After the first commit this hands the field's own text to `onChange` when it
 * differs; afterwards every keystroke goes through `onChange` as usual.
 */
export function useValueTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  onChange: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Only the first commit can find text typed before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
