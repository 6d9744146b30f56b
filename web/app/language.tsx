import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { directionOf, isLanguage, languageOfPath, localizePath, stripLanguagePrefix, type Language } from '../../core/languages.ts';
import { timings } from '../../core/constants.ts';
import { i18n } from '../i18n/index.ts';
import { writeOverrideCookie } from '../lib/language-detection.ts';
import { keepScroll } from './scroll-restoration.tsx';

interface LanguageContextValue {
  /** The language of the current URL (the source of truth). */
  language: Language;
  dir: 'ltr' | 'rtl';
  /** The current path without its language prefix. */
  barePath: string;
  /** True while the page fades out before a language switch. */
  isFading: boolean;
  /** Fades the page out, switches language (and URL prefix), fades back in. */
  switchLanguage: (language: Language) => void;
  /** A bare app path ('/explore?x=1') in the current language ('/he/explore?x=1'). */
  localize: (to: string) => string;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Localizes an app path that may carry a query string or hash. */
export function localizeHref(to: string, language: Language): string {
  const index = to.search(/[?#]/);
  const pathname = index === -1 ? to : to.slice(0, index);
  const rest = index === -1 ? '' : to.slice(index);
  return localizePath(pathname || '/', language) + rest;
}

/**
 * Keeps the URL prefix and the translator in sync, both ways:
 * - the URL changes (link, back button): the translator follows the URL;
 * - the translator changes (language select, switchLanguage): navigate to the same page, query and hash in that language.
 * The first-load redirect from a stored Hebrew preference happens in main.tsx before the router starts.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const language = languageOfPath(location.pathname);
  const locationRef = useRef(location);
  locationRef.current = location;
  const [isFading, setFading] = useState(false);
  const fadeTimer = useRef<number | undefined>(undefined);

  // URL -> translator.
  useLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);

  // translator -> URL.
  useEffect(() => {
    const onLanguageChanged = (value: string) => {
      const next: Language = isLanguage(value) ? value : 'en';
      const current = locationRef.current;
      if (languageOfPath(current.pathname) === next) return;
      const options: NavigateOptions = { state: keepScroll };
      navigate({ pathname: localizePath(current.pathname, next), search: current.search, hash: current.hash }, options);
    };
    return i18n.onLanguageChanged(onLanguageChanged);
  }, [navigate]);

  useEffect(() => () => window.clearTimeout(fadeTimer.current), []);

  const switchLanguage = useCallback((next: Language) => {
    if (next === languageOfPath(locationRef.current.pathname)) return;
    // An explicit choice: it outranks every detection signal for 365 days.
    writeOverrideCookie(next);
    if (prefersReducedMotion()) {
      void i18n.changeLanguage(next);
      return;
    }
    setFading(true);
    window.clearTimeout(fadeTimer.current);
    fadeTimer.current = window.setTimeout(() => {
      void i18n.changeLanguage(next);
      // Let the new language paint while still transparent, then fade back in.
      requestAnimationFrame(() => requestAnimationFrame(() => setFading(false)));
    }, timings.languageFadeMs);
  }, []);

  const value = useMemo<LanguageContextValue>(
    () => ({
      language,
      dir: directionOf(language),
      barePath: stripLanguagePrefix(location.pathname),
      isFading,
      switchLanguage,
      localize: (to: string) => localizeHref(to, language),
    }),
    [language, location.pathname, isFading, switchLanguage],
  );

  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside LanguageProvider');
  return value;
}
