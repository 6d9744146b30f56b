import { readdir, readFile } from 'node:fs/promises';
import { isoDateSchema } from '../../core/date-schema.ts';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  blogCategories,
  filterHelpCategories,
  helpCategories,
  legalDocuments,
  popularHelpArticleCount,
  relatedPostCount,
  type BlogCategory,
  type HelpCategory,
  type LegalDocument,
} from '../../core/content.ts';
import type {
  BlogPage,
  BlogPost,
  BlogPostSummary,
  ContentSection,
  HelpArticle,
  HelpArticleSummary,
  HelpCenter,
  LegalDocumentView,
} from '../../core/contracts/content.ts';
import { blogPostsPerPage } from '../../core/constants.ts';
import { languages, type Language } from '../../core/languages.ts';
import { projectRoot } from '../project-root.ts';
import { countWords, renderMarkdown } from './render-markdown.ts';

/** The repository's content folder; dist/server finds it the same way, through package.json. */
export const defaultContentDir = path.join(projectRoot, 'content');

const text = z.string().trim().min(1);

// Facts that do not depend on the language live in the English file only, so they cannot disagree.
const blogTranslated = z.object({ title: text, excerpt: text, author: text, authorBio: text, tags: z.array(text).min(1) });
const blogNeutral = z.object({
  date: isoDateSchema,
  category: z.enum(blogCategories),
  views: z.number().int().nonnegative(),
  trending: z.boolean().default(false),
});
const helpTranslated = z.object({ title: text, excerpt: text });
const helpNeutral = z.object({
  category: z.enum(helpCategories),
  views: z.number().int().nonnegative(),
  rating: z.number().min(1).max(5),
  updated: isoDateSchema,
});
const legalTranslated = z.object({ title: text });
const legalNeutral = z.object({ lastUpdated: isoDateSchema });
const helpCategoryNames = z.record(
  z.enum(helpCategories),
  z.object(Object.fromEntries(languages.map((language) => [language, z.object({ name: text, description: text })])) as Record<
    Language,
    z.ZodObject<{ name: typeof text; description: typeof text }>
  >),
);

/** Adult readers manage about 200 words a minute; a post is never under one minute. */
const wordsPerMinute = 200;

type PerLanguage<T> = Record<Language, T>;

interface BlogEntry {
  slug: string;
  neutral: z.infer<typeof blogNeutral>;
  readTimeMinutes: number;
  text: PerLanguage<z.infer<typeof blogTranslated> & { html: string }>;
}

interface HelpEntry {
  slug: string;
  neutral: z.infer<typeof helpNeutral>;
  text: PerLanguage<z.infer<typeof helpTranslated> & { html: string }>;
}

interface LegalEntry {
  neutral: z.infer<typeof legalNeutral>;
  text: PerLanguage<{ title: string; introHtml: string; sections: ContentSection[] }>;
}

interface LoadedContent {
  blog: BlogEntry[];
  help: HelpEntry[];
  helpCategoryNames: z.infer<typeof helpCategoryNames>;
  legal: Record<LegalDocument, LegalEntry>;
}

export class ContentError extends Error {}

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`${file}: missing front matter`);
  return { data: parseYaml(match[1]!), body: match[2]! };
}

function check<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new ContentError(`${file}: ${issues}`);
  }
  return parsed.data;
}

async function readPair(dir: string, name: string) {
  const files = {} as PerLanguage<{ data: unknown; body: string; file: string }>;
  for (const language of languages) {
    const file = path.join(dir, `${name}.${language}.md`);
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch {
      throw new ContentError(`${file}: missing (every content file exists in each language)`);
    }
    files[language] = { ...splitFrontMatter(source, file), file };
  }
  return files;
}

/** Names (without `.en.md`) of the documents in a folder. */
async function documentNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir);
  return entries.filter((entry) => entry.endsWith('.en.md')).map((entry) => entry.slice(0, -'.en.md'.length)).sort();
}

/** Splits a document at its `## ` headings: the intro, then one section per heading. */
function splitSections(body: string): { introHtml: string; sections: ContentSection[] } {
  const parts = body.split(/^## +/m);
  const intro = parts.shift() ?? '';
  const sections = parts.map((part, index) => {
    const newline = part.indexOf('\n');
    const title = (newline === -1 ? part : part.slice(0, newline)).trim();
    const content = newline === -1 ? '' : part.slice(newline + 1);
    return { id: `section-${index + 1}`, title, html: renderMarkdown(content) };
  });
  return { introHtml: renderMarkdown(intro), sections };
}

async function loadContent(dir: string): Promise<LoadedContent> {
  const blog: BlogEntry[] = [];
  for (const slug of await documentNames(path.join(dir, 'blog'))) {
    const files = await readPair(path.join(dir, 'blog'), slug);
    const neutral = check(blogNeutral, files.en.data, files.en.file);
    const text = {} as BlogEntry['text'];
    for (const language of languages) {
      const { data, body, file } = files[language];
      text[language] = { ...check(blogTranslated, data, file), html: renderMarkdown(body) };
    }
    const readTimeMinutes = Math.max(1, Math.ceil(countWords(files.en.body) / wordsPerMinute));
    blog.push({ slug, neutral, readTimeMinutes, text });
  }
  // Newest first; the slug breaks ties so the order never depends on the file system.
  blog.sort((a, b) => b.neutral.date.localeCompare(a.neutral.date) || a.slug.localeCompare(b.slug));

  const help: HelpEntry[] = [];
  for (const slug of await documentNames(path.join(dir, 'help'))) {
    const files = await readPair(path.join(dir, 'help'), slug);
    const neutral = check(helpNeutral, files.en.data, files.en.file);
    const text = {} as HelpEntry['text'];
    for (const language of languages) {
      const { data, body, file } = files[language];
      text[language] = { ...check(helpTranslated, data, file), html: renderMarkdown(body) };
    }
    help.push({ slug, neutral, text });
  }
  help.sort((a, b) => b.neutral.views - a.neutral.views || a.slug.localeCompare(b.slug));

  const categoriesFile = path.join(dir, 'help', 'categories.yaml');
  const names = check(helpCategoryNames, parseYaml(await readFile(categoriesFile, 'utf8')), categoriesFile);

  const legal = {} as Record<LegalDocument, LegalEntry>;
  for (const doc of legalDocuments) {
    const files = await readPair(path.join(dir, 'legal'), doc);
    const neutral = check(legalNeutral, files.en.data, files.en.file);
    const text = {} as LegalEntry['text'];
    for (const language of languages) {
      const { data, body, file } = files[language];
      text[language] = { ...check(legalTranslated, data, file), ...splitSections(body) };
    }
    legal[doc] = { neutral, text };
  }
  return { blog, help, helpCategoryNames: names, legal };
}

function blogSummary(entry: BlogEntry, language: Language): BlogPostSummary {
  const { title, excerpt, author, tags } = entry.text[language];
  return {
    slug: entry.slug,
    title,
    excerpt,
    author,
    tags,
    date: entry.neutral.date,
    category: entry.neutral.category,
    views: entry.neutral.views,
    trending: entry.neutral.trending,
    readTimeMinutes: entry.readTimeMinutes,
  };
}

function helpSummary(entry: HelpEntry, language: Language): HelpArticleSummary {
  const { title, excerpt } = entry.text[language];
  const { category, views, rating } = entry.neutral;
  return { slug: entry.slug, title, excerpt, category, views, rating };
}

export interface ContentStore {
  blogPage(query: { lang: Language; category?: BlogCategory | undefined; page: number }): Promise<BlogPage>;
  blogPost(slug: string, lang: Language): Promise<BlogPost | null>;
  legalDocument(doc: LegalDocument, lang: Language): Promise<LegalDocumentView>;
  helpCenter(query: { lang: Language; q: string }): Promise<HelpCenter>;
  helpArticle(slug: string, lang: Language): Promise<HelpArticle | null>;
  /** Every post and article page, for the sitemap ('/blog/<slug>', '/help/<slug>'). */
  pagePaths(): Promise<string[]>;
}

/**
 * Content files read and rendered once, on first use, then served from memory: they only change
 * with a deploy. A broken file fails every content request with a message naming it.
 */
export function createContentStore(dir = defaultContentDir): ContentStore {
  let loading: Promise<LoadedContent> | undefined;
  const content = () => {
    loading ??= loadContent(dir).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };

  return {
    async pagePaths() {
      const { blog, help } = await content();
      return [...blog.map((entry) => `/blog/${entry.slug}`), ...help.map((entry) => `/help/${entry.slug}`)];
    },
    async blogPage({ lang, category, page }) {
      const { blog } = await content();
      const matching = category ? blog.filter((entry) => entry.neutral.category === category) : blog;
      const pageCount = Math.max(1, Math.ceil(matching.length / blogPostsPerPage));
      const start = (page - 1) * blogPostsPerPage;
      return {
        posts: matching.slice(start, start + blogPostsPerPage).map((entry) => blogSummary(entry, lang)),
        page,
        pageSize: blogPostsPerPage,
        pageCount,
        total: matching.length,
      };
    },

    async blogPost(slug, lang) {
      const { blog } = await content();
      const entry = blog.find((candidate) => candidate.slug === slug);
      if (!entry) return null;
      // Same category first, then the newest others, so every post offers as many as it can.
      const others = blog.filter((candidate) => candidate !== entry);
      const related = [
        ...others.filter((candidate) => candidate.neutral.category === entry.neutral.category),
        ...others.filter((candidate) => candidate.neutral.category !== entry.neutral.category),
      ].slice(0, relatedPostCount);
      return {
        ...blogSummary(entry, lang),
        authorBio: entry.text[lang].authorBio,
        html: entry.text[lang].html,
        related: related.map((candidate) => blogSummary(candidate, lang)),
      };
    },

    async legalDocument(doc, lang) {
      const { legal } = await content();
      const entry = legal[doc];
      return { doc, lastUpdated: entry.neutral.lastUpdated, ...entry.text[lang] };
    },

    async helpCenter({ lang, q }) {
      const { help, helpCategoryNames: names } = await content();
      const categories = helpCategories.map((id: HelpCategory) => ({
        id,
        ...names[id][lang],
        articles: help.filter((entry) => entry.neutral.category === id).map((entry) => helpSummary(entry, lang)),
      }));
      return {
        categories: filterHelpCategories(categories, q),
        popular: help.slice(0, popularHelpArticleCount).map((entry) => helpSummary(entry, lang)),
      };
    },

    async helpArticle(slug, lang) {
      const { help } = await content();
      const entry = help.find((candidate) => candidate.slug === slug);
      if (!entry) return null;
      return { ...helpSummary(entry, lang), updated: entry.neutral.updated, html: entry.text[lang].html };
    },
  };
}
