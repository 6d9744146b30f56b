import { useSyncExternalStore } from 'react';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export type ResolvedTheme = 'light' | 'dark';

const storageKey = 'theme';
const darkQuery = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(darkQuery).matches;
}

interface ThemeState {
  theme: Theme;
  resolved: ResolvedTheme;
}

let state: ThemeState = { theme: 'system', resolved: 'light' };
const listeners = new Set<() => void>();

function compute(theme: Theme): ThemeState {
  const resolved: ResolvedTheme = theme === 'dark' || (theme === 'system' && systemPrefersDark()) ? 'dark' : 'light';
  return { theme, resolved };
}

function apply(next: ThemeState) {
  const root = document.documentElement;
  // Only a change is written: the server's HTML already carries the theme, and a write to the root's
  // class or inline style restyles the whole page.
  const dark = next.resolved === 'dark';
  if (root.classList.contains('dark') !== dark) root.classList.toggle('dark', dark);
  if (root.style.colorScheme !== next.resolved) root.style.colorScheme = next.resolved;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', next.resolved === 'dark' ? '#020617' : '#0d9488');
  if (next.theme !== state.theme || next.resolved !== state.resolved) {
    state = next;
    listeners.forEach((listener) => listener());
  }
}

/** Reads the stored theme, applies it and follows the system preference live. Call once at start. */
export function initTheme() {
  state = compute(readStoredTheme());
  apply(state);
  window.matchMedia(darkQuery).addEventListener('change', () => {
    if (state.theme === 'system') apply(compute('system'));
  });
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) apply(compute(readStoredTheme()));
  });
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // Storage may be unavailable (private mode); the choice still applies to this page.
  }
  apply(compute(theme));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a server-rendered page was rendered with (the server cannot know the stored theme); hydration starts from it, then follows the real one. */
const serverState: ThemeState = { theme: 'system', resolved: 'light' };

export function useTheme(): ThemeState & { setTheme: (theme: Theme) => void } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
  return { ...current, setTheme };
}
