import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { arrivalInfoLimits, emptyArrivalInfo, type ArrivalInfo } from '../../../core/arrival-info.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { describedBy, Field, inputClasses, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useArrivalInfo, useSaveArrivalInfo } from './host-listings-api.ts';

type TextKey = 'checkInInstructionsEn' | 'checkInInstructionsHe' | 'houseManualEn' | 'houseManualHe';

/** Saves the arrival step; false when it could not (the host stays on the step). */
export type SaveArrival = () => Promise<boolean>;

/**
 * The wizard's arrival step: check-in instructions and a house manual in both languages, and the
 * Wi-Fi. The wizard's Save and continue saves it (through `registerSave`), at once and without
 * review, at any status of the listing: only guests of confirmed stays see it
 * (docs/decisions/046-arrival-information.md).
 */
export function ArrivalPanel({
  listingId,
  idPrefix,
  registerSave,
}: {
  listingId: number;
  idPrefix: string;
  registerSave(save: SaveArrival | null): void;
}) {
  const { t } = useTranslation();
  const query = useArrivalInfo(listingId);
  const save = useSaveArrivalInfo(listingId);
  const [values, setValues] = useState<ArrivalInfo>(emptyArrivalInfo);
  useEffect(() => {
    if (query.data) setValues(query.data);
  }, [query.data]);
  // The wizard's button saves what is typed now: the latest values, through a ref.
  const latest = useRef(values);
  latest.current = values;
  const loaded = query.data !== undefined;
  const { mutateAsync } = save;
  useEffect(() => {
    if (!loaded) return;
    registerSave(() =>
      mutateAsync(latest.current).then(
        // Quietly, as the other steps: the next step and the wizard's saved note say it.
        () => true,
        (error: unknown) => {
          toast.error(errorText(t, error));
          return false;
        },
      ),
    );
    return () => registerSave(null);
  }, [loaded, registerSave, mutateAsync, t]);

  if (query.isError) return <p className="text-sm text-rose-600 dark:text-rose-400">{errorText(t, query.error)}</p>;
  if (!query.data) return <Spinner className="mx-auto size-6" />;

  const set = (key: keyof ArrivalInfo) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const textarea = (key: TextKey, max: number, hint: string) => {
    const id = `${idPrefix}-${key}`;
    const he = key.endsWith('He');
    return (
      <Field id={id} label={t(`hostListings.arrival.${key}`)} hint={hint} error={undefined}>
        <textarea
          id={id}
          rows={4}
          dir={he ? 'rtl' : 'ltr'}
          lang={he ? 'he' : 'en'}
          maxLength={max}
          value={values[key]}
          onChange={set(key)}
          className={inputClasses(false, 'h-auto py-2.5')}
          data-testid={`arrival-${key}`}
          {...describedBy(id, undefined, hint)}
        />
      </Field>
    );
  };

  return (
    <div className="flex flex-col gap-6" data-testid="arrival-panel">
      <p className="flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {t('hostListings.arrival.intro')}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {textarea('checkInInstructionsEn', arrivalInfoLimits.instructionsMax, t('hostListings.arrival.instructionsHint'))}
        {textarea('checkInInstructionsHe', arrivalInfoLimits.instructionsMax, t('hostListings.arrival.instructionsHint'))}
        {textarea('houseManualEn', arrivalInfoLimits.houseManualMax, t('hostListings.arrival.houseManualHint'))}
        {textarea('houseManualHe', arrivalInfoLimits.houseManualMax, t('hostListings.arrival.houseManualHint'))}
        <TextField
          id={`${idPrefix}-wifiName`}
          label={t('hostListings.arrival.wifiName')}
          dir="ltr"
          autoComplete="off"
          maxLength={arrivalInfoLimits.wifiNameMax}
          value={values.wifiName}
          onChange={set('wifiName')}
          inputClassName="rtl:text-end"
          data-testid="arrival-wifiName"
        />
        <TextField
          id={`${idPrefix}-wifiPassword`}
          label={t('hostListings.arrival.wifiPassword')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={arrivalInfoLimits.wifiPasswordMax}
          value={values.wifiPassword}
          onChange={set('wifiPassword')}
          inputClassName="rtl:text-end"
          data-testid="arrival-wifiPassword"
        />
      </div>
    </div>
  );
}
