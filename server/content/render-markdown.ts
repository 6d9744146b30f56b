import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Our own instance: marked's global options are shared with anything else that imports it.
const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Content authors write Markdown; anything that can run code or load a frame goes, text and all.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      // Site links stay in the tab; links off the site open a new one without handing it our window.
      if (/^https?:/i.test(href)) return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      const { target: _target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

/** Markdown written in the repository, turned into HTML the web app can insert as it is. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions).trim();
}

/** Plain words of a Markdown text, for reading-time estimates. */
export function countWords(markdown: string): number {
  const text = sanitizeHtml(marked.parse(markdown) as string, { allowedTags: [], allowedAttributes: {} });
  return text.split(/\s+/).filter(Boolean).length;
}
