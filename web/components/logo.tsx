import { useId } from 'react';
import { cn } from '../lib/cn.ts';

/** The Lina mark: a house with a crescent-shaped doorway, on a brand tile. */
export function LogoMark({ className }: { className?: string }) {
  // The mark shows twice on a page (header and footer): an id of its own each, as HTML asks.
  const gradient = `lina-logo${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M8.5 15.2 16 8.5l7.5 6.7V23a1 1 0 0 1-1 1h-4.2v-4.6a2.3 2.3 0 0 0-4.6 0V24H9.5a1 1 0 0 1-1-1z" fill="#fff" />
    </svg>
  );
}
