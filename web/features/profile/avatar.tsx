import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** A round photo, or the initials when there is none. */
export function Avatar({
  url,
  firstName,
  lastName,
  alt,
  className,
}: {
  url: string | null;
  firstName: string;
  lastName: string;
  alt: string;
  className?: string;
}) {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-4 ring-white dark:bg-brand-900 dark:text-brand-100 dark:ring-slate-900',
        className,
      )}
    >
      {url ? (
        <img src={url} alt={alt} className="size-full object-cover" />
      ) : initials ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <UserRound className="size-1/2" aria-hidden="true" />
      )}
    </span>
  );
}
