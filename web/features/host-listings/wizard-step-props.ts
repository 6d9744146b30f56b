import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ListingFieldProblem } from '../../../core/host-listing-rules.ts';
import type { ListingDraft } from '../../../core/listing-draft-schema.ts';

/** What every step of the listing wizard takes, and the pieces the steps share. */
export type DraftForm = UseFormReturn<ListingDraft>;

export const nullableNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
export const nullableText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

export interface StepProps {
  form: DraftForm;
  /** Problems per field: from the form's own check, or the server's answer. */
  problems: Partial<Record<keyof ListingDraft | 'photos', ListingFieldProblem | 'invalid_place'>>;
  idPrefix: string;
}

export function useProblemText(problems: StepProps['problems']) {
  const { t } = useTranslation();
  return (field: keyof ListingDraft) => {
    const problem = problems[field];
    return problem ? t(`hostListings.fieldErrors.${problem}`) : undefined;
  };
}

export const checkboxCard =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 bg-white px-3.5 py-3 text-sm text-slate-800 transition-colors has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950/40';
export const checkbox = 'size-4 shrink-0 accent-brand-700 dark:accent-brand-400';
