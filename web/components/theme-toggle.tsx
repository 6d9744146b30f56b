import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { cn } from '../lib/cn.ts';
import { themes, useTheme, type Theme } from '../lib/theme.ts';
import { buttonClasses } from './ui/button.tsx';

/** Icon button flipping between light and dark (the footer offers System too). */
export function ThemeToggleButton({ className, testId = 'nav-theme-toggle' }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const { resolved, setTheme } = useTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight');
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={buttonClasses('ghost', 'icon', cn('size-9', className))}
    >
      {resolved === 'dark' ? <Sun className="size-[18px]" aria-hidden="true" /> : <Moon className="size-[18px]" aria-hidden="true" />}
    </button>
  );
}

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light / Dark / System as a labelled radio group (segmented control). */
export function ThemeRadioGroup({
  className,
  testId = 'theme-options',
  stacked = false,
}: {
  className?: string;
  testId?: string;
  /** Label above a full-width control (narrow containers). */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const labelId = useId();
  const name = useId();
  return (
    <div className={cn('flex gap-3', stacked ? 'flex-col' : 'items-center', className)}>
      <span id={labelId} className="text-sm font-medium whitespace-nowrap text-slate-600 dark:text-slate-300">
        {t('theme.label')}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        data-testid={testId}
        className={cn(
          'rounded-xl border border-slate-200 bg-slate-100 p-1 dark:border-slate-700 dark:bg-slate-800',
          stacked ? 'grid grid-cols-3' : 'inline-flex',
        )}
      >
        {themes.map((option) => {
          const Icon = icons[option];
          const checked = theme === option;
          return (
            <label
              key={option}
              className={cn(
                'relative flex cursor-pointer items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                checked
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                onChange={() => setTheme(option)}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
                data-testid={`${testId}-${option}`}
              />
              <Icon className="size-4" aria-hidden="true" />
              {t(`theme.${option}`)}
            </label>
          );
        })}
      </div>
    </div>
  );
}
