import { cn } from '../../lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-e-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        className,
      )}
    />
  );
}
