import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { roomsPicker } from '../../../core/constants.ts';
import { Stepper } from '../../components/ui/stepper.tsx';

const ages = Array.from({ length: roomsPicker.maxChildAge - roomsPicker.minChildAge + 1 }, (_, i) => roomsPicker.minChildAge + i);

/**
 * The children among a hotel booking's guests, with an age each (core/party.ts: under two they take
 * no place). The count comes from the search (children=4,9) and may be changed here; a new child is
 * 10 until told otherwise, as in the search's rooms picker.
 */
export function BookingChildren({ ages: value, max, onChange }: { ages: number[]; max: number; onChange: (ages: number[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div data-testid="booking-children">
      <Stepper
        label={t('property.booking.children')}
        hint={t('property.booking.childrenHint')}
        value={value.length}
        min={0}
        max={Math.max(0, max)}
        lessLabel={t('property.booking.fewerChildren')}
        moreLabel={t('property.booking.moreChildren')}
        onChange={(count) => onChange(count > value.length ? [...value, roomsPicker.defaultChildAge] : value.slice(0, Math.max(0, count)))}
        testId="booking-children"
      />
      {value.length > 0 && (
        <div className="grid grid-cols-2 gap-2 pb-2">
          {value.map((age, child) => (
            <label key={child} className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
              {t('property.booking.childAge', { number: child + 1 })}
              <select
                id={`${id}-age-${child}`}
                value={age}
                onChange={(event) => onChange(value.map((current, i) => (i === child ? Number(event.target.value) : current)))}
                data-testid={`booking-child-age-${child}`}
                className="h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:[color-scheme:dark]"
              >
                {ages.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
