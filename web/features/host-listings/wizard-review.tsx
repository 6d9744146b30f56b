import { Check } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ListingProblems } from '../../../core/host-listing-rules.ts';
import { useIdVerified } from './host-listings-api.ts';
import { stepOf, type Step } from './wizard-model.ts';

/**
 * The wizard's last step: what the listing still lacks, each a way back to its step. Only hosts
 * with a verified ID can publish, so the others (and only they) are told so here.
 */
export function WizardReview({ missing, goTo }: { missing: [keyof ListingProblems, string][]; goTo: (step: Step) => void }) {
  const { t } = useTranslation();
  const verified = useIdVerified();
  return (
    <div className="flex flex-col gap-4" data-testid="wizard-review">
      {missing.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300">
          <Check className="size-4" aria-hidden="true" />
          {t('hostListings.wizard.complete')}
        </p>
      ) : (
        <div>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('hostListings.wizard.missing')}</p>
          <ul className="mt-2 flex flex-col gap-1.5" data-testid="wizard-missing">
            {missing.map(([field, problem]) => (
              <li key={field}>
                <button
                  type="button"
                  className="text-sm text-rose-700 underline-offset-2 hover:underline dark:text-rose-300"
                  onClick={() => goTo(stepOf(field))}
                >
                  {t(`hostListings.fieldNames.${field}`)}: {t(`hostListings.fieldErrors.${problem as 'required'}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {verified === false ? (
        <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="wizard-verified-only">
          {t('hostListings.wizard.verifiedOnly')}
        </p>
      ) : null}
    </div>
  );
}
