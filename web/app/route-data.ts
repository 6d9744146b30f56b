import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from '../i18n/translator.ts';
import { matchPath } from 'react-router';
import { localizePath, type Language } from '../../core/languages.ts';
import { parseResultsFilters, resultsFiltersToParams } from '../../core/search-params.ts';
import { searchQueries } from '../components/search/search-api.ts';
import { blogQueries } from '../features/blog/blog-api.ts';
import { readBlogParams } from '../features/blog/blog-model.ts';
import { helpQueries } from '../features/help/help-api.ts';
import { legalQueries } from '../features/legal/legal-api.ts';
import { peopleQueries } from '../features/people/people-api.ts';
import { propertyQueries } from '../features/property/property-api.ts';
import { listingIdOf } from '../features/property/property-model.ts';
import { isApiError } from '../lib/api-client.ts';
import { listingJsonLd } from '../lib/head-tags.ts';
import { descriptionKeyOf } from '../lib/page-meta.ts';
import { publicSettingsQuery } from '../lib/settings.ts';
import { pageEntries, type ServerRenderedPath } from './page-table.ts';

/**
 * What the server renders ahead for each public page: the queries it prefetches (with the same query
 * factories the page uses, so the client finds them in its cache under the same keys) and the page's
 * head (title, description, image, JSON-LD), for each page page-table.ts marks `serverRendered` (the others
 * are rendered in the browser only).
 */
export interface RouteDataContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  language: Language;
  t: TFunction;
  siteUrl: string;
  barePath: string;
}

export interface PageHead {
  siteName: string;
  title: string;
  description: string;
  image?: string | null;
  jsonLd?: object | null;
}

interface RouteData {
  prefetch?: (context: RouteDataContext) => Promise<unknown>;
  head?: (context: RouteDataContext) => Partial<Omit<PageHead, 'siteName'>>;
  /**
   * The page's HTTP status once its queries are in: 404 when what it shows does not exist, 410 when it
   * is gone, so that a missing page is not a "soft 404" (an HTTP 200 with a not-found message). 200 without.
   */
  status?: (context: RouteDataContext) => number;
}

/** The HTTP status a page's failed query stands for: its 404 or 410, or 200 (the page shows its own error state). */
function statusOfQuery(queryClient: QueryClient, queryKey: readonly unknown[]): number {
  const error = queryClient.getQueryState(queryKey)?.error;
  return isApiError(error) && (error.status === 404 || error.status === 410) ? error.status : 200;
}

const resultsTitleKeys = { hotel: 'results.titles.hotel', sublet: 'results.titles.sublet', rental: 'results.titles.rental' } as const;

/** A failed prefetch is not an error here: the page shows its own error state, as in the browser. */
const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);

// One entry per server-rendered page of the page table (page-table.ts), by its first path: the type asks for each, and no other.
const routeData: Record<ServerRenderedPath, RouteData> = {
  '/': {
    prefetch: async ({ queryClient, language }) => {
      const settings = await settle(queryClient.ensureQueryData(publicSettingsQuery()));
      if ((settings as { launchMode?: string } | undefined)?.launchMode === 'live')
        await settle(queryClient.prefetchQuery(searchQueries.featured(language)));
    },
  },
  '/explore': {
    prefetch: ({ queryClient, language }) => settle(queryClient.prefetchQuery(searchQueries.featured(language))),
    head: ({ t }) => ({ title: t('explore.title') }),
  },
  '/results': {
    prefetch: ({ queryClient, language, search }) =>
      settle(queryClient.prefetchQuery(searchQueries.results(language, resultsFiltersToParams(parseResultsFilters(search)).toString()))),
    head: ({ t, search }) => ({ title: t(resultsTitleKeys[parseResultsFilters(search).type]) }),
  },
  '/property/:id?': {
    prefetch: async ({ queryClient, params, language }) => {
      const id = listingIdOf(params.id);
      if (id !== null) await settle(queryClient.prefetchQuery(propertyQueries.detail(id, language)));
    },
    status: ({ queryClient, params, language }) => {
      const id = listingIdOf(params.id);
      return id === null ? 404 : statusOfQuery(queryClient, propertyQueries.detail(id, language).queryKey);
    },
    head: ({ queryClient, params, language, siteUrl, barePath, t }) => {
      const id = listingIdOf(params.id);
      const listing = id === null ? undefined : queryClient.getQueryData(propertyQueries.detail(id, language).queryKey);
      if (!listing)
        return id === null || statusOfQuery(queryClient, propertyQueries.detail(id, language).queryKey) !== 200
          ? { title: t('property.notFoundTitle') }
          : {};
      const description = listing.description.replace(/\s+/g, ' ').trim();
      return {
        title: listing.title,
        description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}…` : description,
        image: listing.photos[0]?.url ?? null,
        jsonLd: listingJsonLd(listing, siteUrl + localizePath(barePath, language), siteUrl),
      };
    },
  },
  '/blog': {
    prefetch: ({ queryClient, language, search }) => {
      const { category, page } = readBlogParams(search);
      return settle(queryClient.prefetchQuery(blogQueries.page(language, category, page)));
    },
    head: ({ t }) => ({ title: t('pages.blog.title') }),
  },
  '/blog/:slug': {
    prefetch: ({ queryClient, language, params }) => settle(queryClient.prefetchQuery(blogQueries.post(params.slug ?? '', language))),
    head: ({ queryClient, language, params, t }) => {
      const key = blogQueries.post(params.slug ?? '', language).queryKey;
      const post = queryClient.getQueryData(key);
      if (post) return { title: post.title, description: post.excerpt };
      return statusOfQuery(queryClient, key) === 200 ? {} : { title: t('blog.notFound.title') };
    },
    status: ({ queryClient, language, params }) => statusOfQuery(queryClient, blogQueries.post(params.slug ?? '', language).queryKey),
  },
  '/help': {
    prefetch: ({ queryClient, language }) => settle(queryClient.prefetchQuery(helpQueries.center(language, ''))),
    head: ({ t }) => ({ title: t('pages.help.title') }),
  },
  '/help/:slug': {
    prefetch: ({ queryClient, language, params }) => settle(queryClient.prefetchQuery(helpQueries.article(params.slug ?? '', language))),
    head: ({ queryClient, language, params, t }) => {
      const key = helpQueries.article(params.slug ?? '', language).queryKey;
      const article = queryClient.getQueryData(key);
      if (article) return { title: article.title };
      return statusOfQuery(queryClient, key) === 200 ? {} : { title: t('help.notFound.title') };
    },
    status: ({ queryClient, language, params }) => statusOfQuery(queryClient, helpQueries.article(params.slug ?? '', language).queryKey),
  },
  '/terms': {
    prefetch: ({ queryClient, language }) => settle(queryClient.prefetchQuery(legalQueries.document('terms', language))),
    head: ({ t }) => ({ title: t('pages.terms.title') }),
  },
  '/privacy': {
    prefetch: ({ queryClient, language }) => settle(queryClient.prefetchQuery(legalQueries.document('privacy', language))),
    head: ({ t }) => ({ title: t('pages.privacy.title') }),
  },
  '/accessibility': {
    prefetch: ({ queryClient, language }) => settle(queryClient.prefetchQuery(legalQueries.document('accessibility', language))),
    head: ({ t }) => ({ title: t('pages.accessibility.title') }),
  },
  // A member's public profile: their first name, reviews and host figures (never private details).
  '/people/:id': {
    prefetch: ({ queryClient, params }) => settle(queryClient.prefetchQuery(peopleQueries.person(params.id ?? ''))),
    head: ({ queryClient, params, t }) => {
      const key = peopleQueries.person(params.id ?? '').queryKey;
      const person = queryClient.getQueryData(key);
      if (person) return { title: t('people.title', { name: person.firstName }) };
      return statusOfQuery(queryClient, key) === 200 ? {} : { title: t('people.notFound') };
    },
    // An id that is not one (the API's 400) is a profile that does not exist too.
    status: ({ queryClient, params }) => {
      const key = peopleQueries.person(params.id ?? '').queryKey;
      const error = queryClient.getQueryState(key)?.error;
      return isApiError(error) && error.status === 400 ? 404 : statusOfQuery(queryClient, key);
    },
  },
  '/become-host': { head: ({ t }) => ({ title: t('becomeHostPage.title') }) },
  '/features': { head: ({ t }) => ({ title: t('featuresPage.title') }) },
  '/about': { head: ({ t }) => ({ title: t('aboutPage.title') }) },
  '/contact': { head: ({ t }) => ({ title: t('contactPage.title') }) },
  '/careers': { head: ({ t }) => ({ title: t('careersPage.title') }) },
};

/** A path no page answers: the not-found page, with its title, as HTTP 404. */
export const notFoundRouteData: RouteData = {
  head: ({ t }) => ({ title: t('notFound.title') }),
  status: () => 404,
};

/** The server-rendered data of a bare path, or null when the page is rendered in the browser only. */
export function findRouteData(barePath: string): { route: RouteData; params: Record<string, string | undefined> } | null {
  for (const { paths, serverRendered } of pageEntries) {
    if (!serverRendered) continue;
    for (const path of paths) {
      const match = matchPath({ path, end: true }, barePath);
      if (match) return { route: routeData[paths[0] as ServerRenderedPath], params: match.params };
    }
  }
  return null;
}

/** Prefetches the page's queries, then builds its head; the title reads '<page> · Lina' as useDocumentTitle sets it. */
export async function prefetchRoute(route: RouteData, context: RouteDataContext): Promise<PageHead & { status: number }> {
  await route.prefetch?.(context);
  const head = route.head?.(context) ?? {};
  const appName = context.t('app.name');
  return {
    siteName: appName,
    title: head.title ? `${head.title} · ${appName}` : appName,
    description: head.description ?? context.t(descriptionKeyOf(context.barePath)),
    image: head.image ?? null,
    jsonLd: head.jsonLd ?? null,
    status: route.status?.(context) ?? 200,
  };
}
