import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator.ts';

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the components below their translations; without it they use the browser's (web/i18n/index.ts). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

let browserTranslator: Translator | null = null;

/** The browser's translator, set once by initI18n (web/i18n/index.ts). */
export function setBrowserTranslator(translator: Translator): void {
  browserTranslator = translator;
}

/**
 * `t` in the current language, and the translator (`i18n.language`, `i18n.changeLanguage`,
 * `i18n.dir()`); the component renders again when the language changes, or when texts it missed
 * have arrived (web/i18n/translator.ts).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = use(TranslatorContext) ?? browserTranslator;
  if (!translator) throw new Error('useTranslation before initI18n (web/i18n/index.ts) or outside a TranslatorProvider');
  const t = useSyncExternalStore(translator.subscribe, translator.currentT, translator.currentT);
  return { t, i18n: translator };
}
