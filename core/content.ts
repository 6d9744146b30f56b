/** Content pages (blog, help center, legal): categories and the shapes the API returns. */

export const blogCategories = ['seo', 'marketing', 'host-tips', 'industry-insights', 'technology'] as const;
export type BlogCategory = (typeof blogCategories)[number];

export const helpCategories = [
  'getting-started',
  'booking-payments',
  'hosting',
  'account-settings',
  'safety-trust',
  'technical-support',
] as const;
export type HelpCategory = (typeof helpCategories)[number];

export const legalDocuments = ['terms', 'privacy', 'accessibility'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

/** Slugs are lowercase words joined by hyphens; anything else is refused before touching the disk. */
export const contentSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const maxContentSlugLength = 120;
export const maxHelpQueryLength = 100;
/** How many related articles a blog post offers. */
export const relatedPostCount = 3;
/** How many articles the help center lists as popular. */
export const popularHelpArticleCount = 5;

function contains(text: string, needle: string): boolean {
  return text.toLocaleLowerCase().includes(needle);
}

/**
 * Help search: a category stays when its name or one of its article titles contains the
 * query, case-insensitively. A category found by name keeps all its articles; one found by titles
 * keeps only the articles that matched, so the reader sees why it is there.
 */
export function filterHelpCategories<C extends { name: string; articles: { title: string }[] }>(categories: C[], query: string): C[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return categories;
  return categories.flatMap((category) => {
    if (contains(category.name, needle)) return [category];
    const articles = category.articles.filter((article) => contains(article.title, needle));
    return articles.length > 0 ? [{ ...category, articles }] : [];
  });
}
