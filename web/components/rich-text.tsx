import { cn } from '../lib/cn.ts';

interface RichTextProps {
  /** HTML the server rendered from Markdown and sanitised (server/features/content/render-markdown.ts). */
  html: string;
  className?: string;
  testId?: string;
}

/** Long-form text from the content pipeline, styled without a typography plugin. */
export function RichText({ html, className, testId }: RichTextProps) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'text-base leading-8 text-slate-700 dark:text-slate-300',
        '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white',
        '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
        '[&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
        '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1.5 [&_li]:ps-1',
        '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-300',
        '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-brand-300 [&_blockquote]:ps-4 [&_blockquote]:italic',
        '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
