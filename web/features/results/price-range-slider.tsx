import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { cn } from '../../lib/cn.ts';

interface PriceRangeSliderProps {
  id: string;
  bounds: { readonly min: number; readonly max: number; readonly step: number };
  value: [number, number];
  onChange: (value: [number, number]) => void;
  language: Language;
  /** 'per night' / 'per month' / 'per week'. */
  unit: string;
  testId?: string;
}

// Literal class lists (Tailwind finds classes by scanning the source, not by running it).
const webkitThumb =
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-700 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-md [&::-webkit-slider-thumb]:transition-shadow dark:[&::-webkit-slider-thumb]:border-brand-400 dark:[&::-webkit-slider-thumb]:bg-slate-950 [&:focus-visible::-webkit-slider-thumb]:shadow-[0_0_0_5px_color-mix(in_oklab,var(--color-brand-500)_35%,transparent)] [&:active::-webkit-slider-thumb]:cursor-grabbing';
const mozThumb =
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:appearance-none [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-700 [&::-moz-range-thumb]:bg-white [&::-moz-range-thumb]:shadow-md [&::-moz-range-thumb]:transition-shadow dark:[&::-moz-range-thumb]:border-brand-400 dark:[&::-moz-range-thumb]:bg-slate-950 [&:focus-visible::-moz-range-thumb]:shadow-[0_0_0_5px_color-mix(in_oklab,var(--color-brand-500)_35%,transparent)] [&:active::-moz-range-thumb]:cursor-grabbing';

/**
 * A two-thumb price range: two native range inputs over one track, so each thumb is a real,
 * labelled slider (arrow keys, Page Up/Down, Home/End; screen readers read the shekel amount).
 * The upper end means "and above", shown as '₪1,000+'. Native ranges run right to left on Hebrew pages.
 */
export function PriceRangeSlider({ id, bounds, value, onChange, language, unit, testId }: PriceRangeSliderProps) {
  const { t } = useTranslation();
  const [low, high] = value;
  const span = bounds.max - bounds.min || 1;
  const percent = (amount: number) => ((amount - bounds.min) / span) * 100;
  const text = (amount: number) =>
    amount >= bounds.max ? t('results.filters.priceAndAbove', { price: formatPrice(amount, language) }) : formatPrice(amount, language);
  // When both thumbs meet at the top, the lower one must stay reachable.
  const lowOnTop = low >= bounds.max - bounds.step;

  const input = cn(
    'pointer-events-none absolute inset-0 h-full w-full cursor-pointer appearance-none bg-transparent outline-none',
    '[&::-webkit-slider-runnable-track]:appearance-none [&::-webkit-slider-runnable-track]:bg-transparent',
    '[&::-moz-range-track]:bg-transparent',
    webkitThumb,
    mozThumb,
  );

  return (
    <div data-testid={testId}>
      <p className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-900 dark:text-white" aria-hidden="true">
        <span data-testid={testId ? `${testId}-min` : undefined}>{text(low)}</span>
        <span className="text-slate-400 dark:text-slate-500">–</span>
        <span data-testid={testId ? `${testId}-max` : undefined}>{text(high)}</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{unit}</p>
      <div className="relative mt-3 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200 dark:bg-slate-700" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-600 dark:bg-brand-400"
          style={{ insetInlineStart: `${percent(low)}%`, insetInlineEnd: `${100 - percent(high)}%` }}
        />
        <input
          id={`${id}-min`}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={low}
          aria-label={t('results.filters.priceMin')}
          aria-valuetext={text(low)}
          data-testid={testId ? `${testId}-min-input` : undefined}
          onChange={(event) => onChange([Math.min(Number(event.target.value), high), high])}
          className={cn(input, lowOnTop ? 'z-20' : 'z-10')}
        />
        <input
          id={`${id}-max`}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={high}
          aria-label={t('results.filters.priceMax')}
          aria-valuetext={text(high)}
          data-testid={testId ? `${testId}-max-input` : undefined}
          onChange={(event) => onChange([low, Math.max(Number(event.target.value), low)])}
          className={cn(input, 'z-10')}
        />
      </div>
    </div>
  );
}
