import { createElement, type ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn.ts';

/** The app's card surface: rounded, a hairline border, white (slate in dark mode). Padding and shadow vary by use. */
export const cardClasses = 'rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

type CardElement = 'div' | 'section' | 'article' | 'aside' | 'li' | 'form' | 'details' | 'header' | 'fieldset';

type CardProps<E extends CardElement> = { as?: E } & ComponentPropsWithRef<E>;

/** A card rendered as the element asked (a section, an article, a list item…), with extra classes for padding and shadow. */
export function Card<E extends CardElement = 'div'>({ as, className, ...props }: CardProps<E>) {
  return createElement(as ?? 'div', { ...props, className: cn(cardClasses, className) });
}
