import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'yellow' | 'blue' | 'green' | 'red' | 'grey';

const tones: Record<BadgeTone, string> = {
  yellow: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/40',
  blue: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-400/15 dark:text-sky-200 dark:ring-sky-400/40',
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-400/15 dark:text-emerald-200 dark:ring-emerald-400/40',
  red: 'bg-rose-100 text-rose-900 ring-rose-300 dark:bg-rose-400/15 dark:text-rose-200 dark:ring-rose-400/40',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-700/40 dark:text-slate-200 dark:ring-slate-600',
};

/** verifications pending yellow, in review blue, approved green, anything else grey; open reports red. */
export function toneOf(status: string): BadgeTone {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'submitted':
      return 'blue';
    case 'approved':
    case 'verified':
    case 'resolved':
    case 'active':
      return 'green';
    case 'investigating':
    case 'suspended':
      return 'red';
    default:
      return 'grey';
  }
}

export function StatusBadge({ tone, children, testId }: { tone: BadgeTone; children: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      data-tone={tone}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone])}
    >
      {children}
    </span>
  );
}
