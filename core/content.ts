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

export const legalDocuments = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

/** Slugs are lowercase words joined by hyphens; anything else is refused before touching the disk. */
export const contentSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const maxContentSlugLength = 120;
export const maxHelpQueryLength = 100;
/** How many related articles a blog post offers. */
export const relatedPostCount = 3;
/** How many articles the help center lists as popular. */
export const popularHelpArticleCount = 5;

export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  category: BlogCategory;
  readTimeMinutes: number;
  views: number;
  trending: boolean;
  tags: string[];
}

export interface BlogPost extends BlogPostSummary {
  authorBio: string;
  /** Sanitised HTML. */
  html: string;
  related: BlogPostSummary[];
}

export interface BlogPage {
  posts: BlogPostSummary[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface ContentSection {
  /** Anchor for the table of contents, e.g. 'section-3'. */
  id: string;
  title: string;
  /** Sanitised HTML. */
  html: string;
}

export interface LegalDocumentView {
  doc: LegalDocument;
  title: string;
  lastUpdated: string;
  /** Sanitised HTML before the first section. */
  introHtml: string;
  sections: ContentSection[];
}

export interface HelpArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  category: HelpCategory;
  views: number;
  rating: number;
}

export interface HelpCategoryView {
  id: HelpCategory;
  name: string;
  description: string;
  articles: HelpArticleSummary[];
}

export interface HelpCenter {
  categories: HelpCategoryView[];
  /** The most read articles, whatever the query. */
  popular: HelpArticleSummary[];
}

export interface HelpArticle extends HelpArticleSummary {
  updated: string;
  /** Sanitised HTML. */
  html: string;
}

function contains(text: string, needle: string): boolean {
  return text.toLocaleLowerCase().includes(needle);
}

/**
 * Help search (spec §2): a category stays when its name or one of its article titles contains the
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
