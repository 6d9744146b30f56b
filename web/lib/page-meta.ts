import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { languages, localizePath, type Language } from '../../core/languages.ts';

type SeoKey =
  | 'seo.home'
  | 'seo.explore'
  | 'seo.results'
  | 'seo.auth'
  | 'seo.property'
  | 'seo.becomeHost'
  | 'seo.features'
  | 'seo.about'
  | 'seo.contact'
  | 'seo.careers'
  | 'seo.blog'
  | 'seo.terms'
  | 'seo.privacy'
  | 'seo.accessibility'
  | 'seo.help'
  | 'seo.account'
  | 'seo.default';

const descriptions: [prefix: string, key: SeoKey][] = [
  ['/explore', 'seo.explore'],
  ['/results', 'seo.results'],
  ['/auth', 'seo.auth'],
  ['/property', 'seo.property'],
  ['/become-host', 'seo.becomeHost'],
  ['/features', 'seo.features'],
  ['/about', 'seo.about'],
  ['/contact', 'seo.contact'],
  ['/careers', 'seo.careers'],
  ['/blog', 'seo.blog'],
  ['/terms', 'seo.terms'],
  ['/privacy', 'seo.privacy'],
  ['/accessibility', 'seo.accessibility'],
  ['/help', 'seo.help'],
  ['/profile', 'seo.account'],
  ['/my-bookings', 'seo.account'],
  ['/host', 'seo.account'],
  ['/admin', 'seo.account'],
];

/** The meta description of an app path (without the /he prefix). */
export function descriptionKeyOf(barePath: string): SeoKey {
  if (barePath === '/') return 'seo.home';
  const match = descriptions.find(
    ([prefix]) => barePath === prefix || barePath.startsWith(`${prefix}/`) || barePath.startsWith(`${prefix}-`),
  );
  return match?.[1] ?? 'seo.default';
}

function upsertMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/** <link rel="alternate" hreflang> for every language and x-default, plus the canonical URL. */
function setAlternates(barePath: string, language: Language) {
  for (const old of document.head.querySelectorAll('link[data-page-meta]')) old.remove();
  const origin = window.location.origin;
  const link = (rel: string, href: string, hreflang?: string) => {
    const tag = document.createElement('link');
    tag.rel = rel;
    tag.href = href;
    if (hreflang) tag.hreflang = hreflang;
    tag.dataset.pageMeta = '';
    document.head.append(tag);
  };
  for (const other of languages) link('alternate', origin + localizePath(barePath, other), other);
  link('alternate', origin + localizePath(barePath, 'en'), 'x-default');
  link('canonical', origin + localizePath(barePath, language));
}

/** Keeps the meta description and the language alternates in step with the route and language. */
export function usePageMeta(barePath: string, language: Language) {
  const { t } = useTranslation();
  const description = t(descriptionKeyOf(barePath));
  useEffect(() => {
    upsertMeta('description', description);
    setAlternates(barePath, language);
  }, [barePath, language, description]);
}
