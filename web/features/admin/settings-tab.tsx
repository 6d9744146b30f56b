import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLanguage } from '../../app/language.tsx';
import { editableMailTemplates, type EditableMailTemplate } from '../../../core/admin-rules.ts';
import type { MailOverrides, PlatformSettings } from '../../../core/admin-schemas.ts';
import { dueDaysBeforeBounds, graceDaysBounds, launchModes, propertyTypes } from '../../../core/constants.ts';
import { languages, type Language } from '../../../core/languages.ts';
import type { AdminSettings } from '../../../core/contracts/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClasses, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { RadioGroupField } from '../../components/ui/radio-group-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { cn } from '../../lib/cn.ts';
import { previewMail, saveSettings, useAdminAction, useSettings } from './admin-api.ts';
import { cardClasses, QueryState, useActionFeedback } from './query-state.tsx';

const percent = (rate: number) => String(Math.round(rate * 1000) / 10);

/** A count of days as typed: an empty field is no number (Number('') would be 0). */
const typedDays = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const { language: pageLanguage } = useLanguage();
  const id = useId();
  const feedback = useActionFeedback();
  const save = useAdminAction(saveSettings);
  const [autoApprove, setAutoApprove] = useState(settings.autoApproveVerifiedHosts);
  const [launchMode, setLaunchMode] = useState(settings.launchMode);
  const [unverifiedMayBook, setUnverifiedMayBook] = useState(settings.unverifiedPlacesMayBook);
  const [rates, setRates] = useState(() =>
    Object.fromEntries(propertyTypes.map((type) => [type, percent(settings.commissionRates[type])])),
  );
  const [templates, setTemplates] = useState<MailOverrides>(settings.mailTemplates);
  const [template, setTemplate] = useState<EditableMailTemplate>(editableMailTemplates[0]); // the list's first, as it reads (issue 41)
  // Opens on the version in the admin's own language: a Hebrew page edits the Hebrew mail first (issue 41).
  const [language, setLanguage] = useState<Language>(pageLanguage);
  const [preview, setPreview] = useState<{ subject: string; text: string }>();
  const [rateError, setRateError] = useState<string>();
  const [dueDays, setDueDays] = useState(String(settings.longStayDueDaysBefore));
  const [graceDays, setGraceDays] = useState(String(settings.longStayGraceDays));
  const [daysErrors, setDaysErrors] = useState<{ due?: string; grace?: string }>({});

  const text = templates[template]?.[language] ?? settings.mailDefaults[template][language];
  const setText = (change: Partial<typeof text>) =>
    setTemplates((current) => ({ ...current, [template]: { ...current[template], [language]: { ...text, ...change } } }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = Object.fromEntries(propertyTypes.map((type) => [type, Number(rates[type]) / 100]));
    const ratesValid = !Object.values(parsed).some((rate) => !Number.isFinite(rate) || rate < 0 || rate > 0.5);
    setRateError(ratesValid ? undefined : t('admin.settings.rateInvalid'));
    // The long-stay days are checked by the server's own schema, loaded on the first save (zod stays
    // out of the page's first load: docs/performance-rules.md, rule 4).
    const { platformSettingsSchema } = await import('../../../core/admin-schemas.ts');
    const due = platformSettingsSchema.shape.longStayDueDaysBefore.safeParse(typedDays(dueDays));
    const grace = platformSettingsSchema.shape.longStayGraceDays.safeParse(typedDays(graceDays));
    setDaysErrors({
      due: due.success ? undefined : t('admin.settings.daysInvalid', dueDaysBeforeBounds),
      grace: grace.success ? undefined : t('admin.settings.daysInvalid', graceDaysBounds),
    });
    if (!ratesValid || !due.success || !grace.success) return;
    const update: Partial<PlatformSettings> = {
      autoApproveVerifiedHosts: autoApprove,
      unverifiedPlacesMayBook: unverifiedMayBook,
      launchMode,
      commissionRates: parsed as PlatformSettings['commissionRates'],
      longStayDueDaysBefore: due.data,
      longStayGraceDays: grace.data,
      mailTemplates: templates,
    };
    await feedback(() => save.mutateAsync(update), t('admin.settings.saved')).catch(() => undefined);
  };

  /** Another template or language: the preview shown was of the one before. */
  const pick = (change: () => void) => {
    change();
    setPreview(undefined);
  };

  const showPreview = () =>
    void previewMail({ template, language, text }).then(
      (rendered) => setPreview(rendered),
      () => setPreview(undefined),
    );

  const legend = 'text-base font-semibold text-slate-900 dark:text-white';
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" noValidate data-testid="admin-settings">
      <fieldset className={cardClasses}>
        <legend className={cn(legend, 'float-start mb-3 w-full')}>{t('admin.settings.approvals')}</legend>
        {/* A flex box sits beside a float rather than under it: it clears the floated legend to stay inside the card. */}
        <label className="clear-both flex items-start gap-3 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={autoApprove}
            onChange={(event) => setAutoApprove(event.target.checked)}
            className="mt-0.5 size-4 accent-brand-700"
          />
          <span>
            <span className="font-medium">{t('admin.settings.autoApprove')}</span>
            <span className="block text-slate-600 dark:text-slate-400">{t('admin.settings.autoApproveHint')}</span>
          </span>
        </label>
        <label className="mt-3 flex items-start gap-3 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={unverifiedMayBook}
            onChange={(event) => setUnverifiedMayBook(event.target.checked)}
            className="mt-0.5 size-4 accent-brand-700"
            data-testid="setting-unverified-places-may-book"
          />
          <span>
            <span className="font-medium">{t('admin.settings.unverifiedPlacesMayBook')}</span>
            <span className="block text-slate-600 dark:text-slate-400">{t('admin.settings.unverifiedPlacesMayBookHint')}</span>
          </span>
        </label>
      </fieldset>

      <fieldset className={cardClasses}>
        <legend className={cn(legend, 'float-start mb-1 w-full')}>{t('admin.settings.commission')}</legend>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('admin.settings.commissionHint')}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          {propertyTypes.map((type) => (
            <Field key={type} id={`${id}-rate-${type}`} label={t(`admin.propertyType.${type}`)}>
              <div className="relative">
                <input
                  id={`${id}-rate-${type}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={50}
                  step={0.5}
                  value={rates[type]}
                  onChange={(event) => setRates((current) => ({ ...current, [type]: event.target.value }))}
                  className={inputClasses(Boolean(rateError), 'pe-8')}
                  data-testid={`commission-${type}`}
                />
                <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-sm text-slate-500" aria-hidden="true">
                  %
                </span>
              </div>
            </Field>
          ))}
        </div>
        {rateError && (
          <InlineError className="mt-2" announce>
            {rateError}
          </InlineError>
        )}
      </fieldset>

      <fieldset className={cardClasses}>
        <legend className={cn(legend, 'float-start mb-1 w-full')}>{t('admin.settings.longStays')}</legend>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('admin.settings.longStaysHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-due-days`}
            label={t('admin.settings.dueDaysBefore')}
            error={daysErrors.due}
            type="number"
            inputMode="numeric"
            min={dueDaysBeforeBounds.min}
            max={dueDaysBeforeBounds.max}
            step={1}
            value={dueDays}
            onChange={(event) => setDueDays(event.target.value)}
            data-testid="setting-due-days-before"
          />
          <TextField
            id={`${id}-grace-days`}
            label={t('admin.settings.graceDays')}
            hint={t('admin.settings.graceDaysHint')}
            error={daysErrors.grace}
            type="number"
            inputMode="numeric"
            min={graceDaysBounds.min}
            max={graceDaysBounds.max}
            step={1}
            value={graceDays}
            onChange={(event) => setGraceDays(event.target.value)}
            data-testid="setting-grace-days"
          />
        </div>
      </fieldset>

      <RadioGroupField
        id={`${id}-launch`}
        name={`${id}-launch`}
        legend={t('admin.settings.launchMode')}
        legendClassName={cn(legend, 'float-start mb-1 w-full')}
        hint={t('admin.settings.launchModeHint')}
        className={cardClasses}
        optionsClassName="clear-both flex-row flex-wrap gap-4"
        options={launchModes.map((mode) => ({ value: mode, label: t(`admin.settings.mode.${mode}`), testId: `launch-mode-${mode}` }))}
        value={launchMode}
        onChange={setLaunchMode}
      />

      <fieldset className={cardClasses}>
        <legend className={cn(legend, 'float-start mb-1 w-full')}>{t('admin.settings.templates')}</legend>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('admin.settings.templatesHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id={`${id}-template`}
            label={t('admin.settings.template')}
            value={template}
            onChange={(event) => pick(() => setTemplate(event.target.value as EditableMailTemplate))}
            options={editableMailTemplates.map((name) => ({ value: name, label: t(`admin.settings.templateNames.${name}`) }))}
          />
          <SelectField
            id={`${id}-language`}
            label={t('admin.settings.mailLanguage')}
            value={language}
            onChange={(event) => pick(() => setLanguage(event.target.value as Language))}
            options={languages.map((l) => ({ value: l, label: t(`admin.settings.languages.${l}`) }))}
          />
          <Field id={`${id}-subject`} label={t('admin.settings.subject')} className="sm:col-span-2">
            <input
              id={`${id}-subject`}
              dir={language === 'he' ? 'rtl' : 'ltr'}
              value={text.subject}
              onChange={(event) => setText({ subject: event.target.value })}
              className={inputClasses(false)}
            />
          </Field>
          <Field id={`${id}-body`} label={t('admin.settings.body')} className="sm:col-span-2">
            <textarea
              id={`${id}-body`}
              dir={language === 'he' ? 'rtl' : 'ltr'}
              rows={5}
              value={text.body}
              onChange={(event) => setText({ body: event.target.value })}
              className={cn(inputClasses(false), 'h-auto py-2')}
            />
          </Field>
        </div>
        <Button variant="secondary" size="sm" className="mt-3" onClick={showPreview}>
          {t('admin.settings.preview')}
        </Button>
        {preview && (
          <div
            className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-950"
            dir={language === 'he' ? 'rtl' : 'ltr'}
            aria-live="polite"
            data-testid="mail-preview"
          >
            <p className="font-semibold text-slate-900 dark:text-white">{preview.subject}</p>
            <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{preview.text}</p>
          </div>
        )}
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} data-testid="admin-settings-save">
          {save.isPending && <Spinner className="size-4" />}
          {t('admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}

export function SettingsTab() {
  const settings = useSettings();
  return (
    <QueryState query={settings} empty={() => false}>
      {(data) => <SettingsForm settings={data} />}
    </QueryState>
  );
}
