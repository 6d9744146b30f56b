import { describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../core/contracts/listings.ts';
import { buildHeadTags, escapeHtml, listingJsonLd, serializeForScript } from './head-tags.ts';

const site = 'https://lina.example';

function listing(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    id: 7,
    type: 'hotel',
    title: 'Sea & Sun',
    description: 'By the sea.',
    location: 'Tel Aviv',
    address: null,
    photos: [{ url: '/media/7/a.jpg', alt: 'Room' }],
    amenities: [],
    houseRules: [],
    petFriendly: false,
    swapAvailable: false,
    starRating: 4,
    roomCount: 20,
    pricePerNight: 650,
    pricePerWeek: null,
    pricePerMonth: null,
    durationMonths: null,
    leaseOptions: [],
    bedrooms: 1,
    bathrooms: 1,
    maxGuests: 2,
    availableFrom: null,
    availableUntil: null,
    minStayDays: 1,
    maxStayDays: 30,
    ratingAverage: 4.6,
    reviewCount: 12,
    saved: false,
    ...overrides,
  } as ListingDetail;
}

describe('serializeForScript', () => {
  it('cannot close the script it is embedded in, and parses back unchanged', () => {
    const value = { title: '</script><script>alert(1)</script>', note: '<!-- x', line: 'a\u2028b\u2029c' };
    const text = serializeForScript(value);
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('buildHeadTags', () => {
  it('builds the title, description, canonical, hreflang alternates and Open Graph tags from the site URL', () => {
    const html = buildHeadTags({
      siteUrl: site,
      barePath: '/property/7',
      language: 'he',
      siteName: 'לינה',
      title: 'A "quoted" <title>',
      description: 'D & d',
    });
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;title&gt;</title>');
    expect(html).toContain('<meta name="description" content="D &amp; d" />');
    expect(html).toContain(`<link rel="canonical" href="${site}/he/property/7" data-page-meta="" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${site}/property/7" data-page-meta="" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="he" href="${site}/he/property/7" data-page-meta="" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site}/property/7" data-page-meta="" />`);
    expect(html).toContain(`<meta property="og:url" content="${site}/he/property/7" />`);
    expect(html).toContain('<meta property="og:locale" content="he_IL" />');
    expect(html).toContain('<meta property="og:site_name" content="לינה" />');
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('application/ld+json');
  });

  it('makes the image absolute and embeds JSON-LD escaped', () => {
    const html = buildHeadTags({
      siteUrl: site,
      barePath: '/',
      language: 'en',
      siteName: 'Lina',
      title: 'Lina',
      description: 'x',
      image: '/media/1.jpg',
      jsonLd: { name: '</script>' },
    });
    expect(html).toContain(`<meta property="og:image" content="${site}/media/1.jpg" />`);
    expect(html).toContain(`<link rel="canonical" href="${site}/" data-page-meta="" />`);
    expect(html).toContain('<script type="application/ld+json">{"name":"\\u003c/script>"}</script>');
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('listingJsonLd', () => {
  it('describes a hotel with its nightly price in shekels and its rating', () => {
    const data = listingJsonLd(listing(), `${site}/property/7`, site);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Hotel',
      name: 'Sea & Sun',
      url: `${site}/property/7`,
      image: [`${site}/media/7/a.jpg`],
      starRating: { '@type': 'Rating', ratingValue: 4 },
      offers: { '@type': 'Offer', price: 650, priceCurrency: 'ILS', priceSpecification: { unitText: 'night' } },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 12 },
    });
  });

  it('types a sublet as an Apartment priced per month and a rental as a LodgingBusiness priced per week', () => {
    const sublet = listingJsonLd(listing({ type: 'sublet', pricePerNight: null, pricePerMonth: 9000, starRating: null }), 'u', site);
    expect(sublet['@type']).toBe('Apartment');
    expect(sublet.offers).toMatchObject({ price: 9000, priceSpecification: { unitText: 'month' } });
    expect(sublet.starRating).toBeUndefined();
    const rental = listingJsonLd(listing({ type: 'rental', pricePerNight: null, pricePerWeek: 3000 }), 'u', site);
    expect(rental['@type']).toBe('LodgingBusiness');
    expect(rental.offers).toMatchObject({ price: 3000, priceSpecification: { unitText: 'week' } });
  });

  it('leaves out the rating of a listing without reviews', () => {
    expect(listingJsonLd(listing({ reviewCount: 0, ratingAverage: null }), 'u', site).aggregateRating).toBeUndefined();
  });
});
