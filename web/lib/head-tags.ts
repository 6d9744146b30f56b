import type { ListingDetail } from '../../core/contracts/listings.ts';
import { languages, localizePath, type Language } from '../../core/languages.ts';

/**
 * The head tags of a server-rendered page, built as HTML text: title, description, canonical URL,
 * hreflang alternates (every language and x-default), Open Graph tags and optional JSON-LD.
 * URLs come from the configured site URL, never from request headers (a forged Host must not
 * end up in a canonical link). The canonical and alternate links carry data-page-meta so the
 * client's usePageMeta replaces them when the visitor moves on.
 */
export interface HeadTagsInput {
  siteUrl: string;
  /** The path without its language prefix ('/property/12'). */
  barePath: string;
  language: Language;
  /** The brand in the page's language ('Lina', 'לינה'). */
  siteName: string;
  title: string;
  description: string;
  /** An absolute or site-relative image URL for og:image. */
  image?: string | null;
  /** schema.org data, serialized into a JSON-LD script. */
  jsonLd?: object | null;
}

const ogLocales: Record<Language, string> = { en: 'en_US', he: 'he_IL' };

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * JSON to embed in a <script>: `<` becomes \u003c so no value can close the script or open a comment,
 * and the line separators U+2028/U+2029 are escaped for old JavaScript parsers. JSON.parse reads it back unchanged.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function absoluteUrl(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function buildHeadTags(input: HeadTagsInput): string {
  const { siteUrl, barePath, language } = input;
  const url = siteUrl + localizePath(barePath, language);
  const tags = [
    `<title>${escapeHtml(input.title)}</title>`,
    `<meta name="description" content="${escapeHtml(input.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" data-page-meta="" />`,
    ...languages.map(
      (other) =>
        `<link rel="alternate" hreflang="${other}" href="${escapeHtml(siteUrl + localizePath(barePath, other))}" data-page-meta="" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(siteUrl + localizePath(barePath, 'en'))}" data-page-meta="" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(input.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(input.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(input.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${ogLocales[language]}" />`,
  ];
  if (input.image) tags.push(`<meta property="og:image" content="${escapeHtml(absoluteUrl(siteUrl, input.image))}" />`);
  if (input.jsonLd) tags.push(`<script type="application/ld+json">${serializeForScript(input.jsonLd)}</script>`);
  return tags.join('\n    ');
}

const schemaTypes: Record<ListingDetail['type'], string> = { hotel: 'Hotel', sublet: 'Apartment', rental: 'LodgingBusiness' };

/** The price a listing is shown at first: per night, else per week, else per month, in shekels. */
function leadPrice(listing: ListingDetail): { price: number; unit: string } | null {
  if (listing.pricePerNight !== null) return { price: listing.pricePerNight, unit: 'night' };
  if (listing.pricePerWeek !== null) return { price: listing.pricePerWeek, unit: 'week' };
  if (listing.pricePerMonth !== null) return { price: listing.pricePerMonth, unit: 'month' };
  return null;
}

/**
 * schema.org data of a listing page: a Hotel, an Apartment (sublet) or a LodgingBusiness (rental),
 * with its price as an offer in ILS and an aggregateRating only when it has reviews (an empty rating is invalid).
 */
export function listingJsonLd(listing: ListingDetail, pageUrl: string, siteUrl: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': schemaTypes[listing.type],
    name: listing.title,
    description: listing.description,
    url: pageUrl,
    address: {
      '@type': 'PostalAddress',
      addressLocality: listing.location,
      addressCountry: 'IL',
      ...(listing.address ? { streetAddress: listing.address } : {}),
    },
  };
  if (listing.photos.length > 0) data.image = listing.photos.map((photo) => absoluteUrl(siteUrl, photo.url));
  if (listing.starRating !== null) data.starRating = { '@type': 'Rating', ratingValue: listing.starRating };
  const lead = leadPrice(listing);
  if (lead) {
    data.offers = {
      '@type': 'Offer',
      price: lead.price,
      priceCurrency: 'ILS',
      url: pageUrl,
      priceSpecification: { '@type': 'UnitPriceSpecification', price: lead.price, priceCurrency: 'ILS', unitText: lead.unit },
    };
  }
  if (listing.reviewCount > 0 && listing.ratingAverage !== null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: listing.ratingAverage,
      reviewCount: listing.reviewCount,
      bestRating: 5,
    };
  }
  return data;
}
