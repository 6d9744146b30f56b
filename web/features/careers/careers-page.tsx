import { Briefcase, Clock, GraduationCap, HeartHandshake, MapPin, Rocket, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { cvAccept, openPositions, type PositionSlug } from '../../../core/careers.ts';
import type { JobApplicationFields } from '../../../core/career-schemas.ts';
import { maxUploadBytes } from '../../../core/upload-limits.ts';
import { useLanguage } from '../../app/language.tsx';
import { InfoCard, InfoPage, InfoSection } from '../../components/info-page/info-page.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { EmailField, TextField } from '../../components/ui/field.tsx';
import { FileField } from '../../components/ui/file-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { track } from '../../lib/analytics.ts';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver.ts';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { Card } from '../../components/ui/card.tsx';
import { applyForPosition } from './careers-api.ts';

// zod and the schema load on the first submit, not with the page.
const applicationResolver = lazyZodResolver<JobApplicationFields>(() =>
  import('../../../core/career-schemas.ts').then((module) => module.jobApplicationFieldsSchema),
);

const perks = [
  { key: 'impact', icon: Rocket },
  { key: 'flexible', icon: Clock },
  { key: 'growth', icon: GraduationCap },
  { key: 'team', icon: HeartHandshake },
] as const;

type CvProblem = 'cvRequired' | 'cvNotPdf' | 'cvTooBig';

/** Checked in the browser the way the server checks: by the file's first bytes, not its name. */
async function cvProblem(file: File | undefined): Promise<CvProblem | null> {
  if (!file) return 'cvRequired';
  if (file.size > maxUploadBytes) return 'cvTooBig';
  const head = await file.slice(0, 5).text();
  return head === '%PDF-' ? null : 'cvNotPdf';
}

function ApplicationForm({ position, title, onDone }: { position: PositionSlug; title: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<CvProblem | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JobApplicationFields>({
    resolver: applicationResolver,
    defaultValues: { position, name: '', email: '', language },
  });

  const problemText = (code: string | undefined) => {
    if (!code) return undefined;
    if (code === 'invalid_email') return t('careersPage.errors.invalid_email');
    if (code === 'too_long') return t('careersPage.errors.too_long');
    return t('careersPage.errors.required');
  };

  const onSubmit = handleSubmit(async (values) => {
    const problem = await cvProblem(file);
    setFileError(problem);
    if (problem || !file) return;
    try {
      await applyForPosition({ position, name: values.name, email: values.email, language }, file);
      toast.success(t('careersPage.success'), { description: t('careersPage.successText') });
      track('job_application_sent', '/careers', language, { position });
      onDone();
    } catch (caught) {
      if (isApiError(caught)) {
        if (caught.code === 'invalid_cv') setFileError('cvNotPdf');
        if (caught.code === 'payload_too_large') setFileError('cvTooBig');
        for (const [field, code] of Object.entries(caught.fields ?? {})) {
          if (field === 'name' || field === 'email') setError(field, { message: code });
        }
      }
      toast.error(t('careersPage.failed'), { description: errorText(t, caught) });
    }
  });

  const cvId = `${id}-cv`;
  const cvError = fileError ? t(`careersPage.errors.${fileError}`) : undefined;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('careersPage.applyFor', { position: title })}
      className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-800"
      data-testid={`application-form-${position}`}
    >
      <TextField
        id={`${id}-name`}
        label={t('careersPage.name')}
        autoComplete="name"
        error={problemText(errors.name?.message)}
        {...register('name')}
        data-testid="application-name"
      />
      <EmailField
        id={`${id}-email`}
        label={t('careersPage.email')}
        error={problemText(errors.email?.message)}
        {...register('email')}
        data-testid="application-email"
      />
      <FileField
        id={cvId}
        label={t('careersPage.cv')}
        hint={t('careersPage.cvHint')}
        error={cvError}
        className="sm:col-span-2"
        accept={cvAccept}
        onChange={(event) => {
          setFile(event.target.files?.[0]);
          setFileError(null);
        }}
        data-testid="application-cv"
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={isSubmitting} data-testid="application-submit">
          {isSubmitting && <Spinner className="size-4" />}
          {isSubmitting ? t('careersPage.sending') : t('careersPage.submit')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('careersPage.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PositionCard({ position }: { position: (typeof openPositions)[number] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = t(`careersPage.positions.${position.slug}.title`);
  const formId = useId();
  return (
    <Card as="li" className="flex flex-col p-6 shadow-xs" data-testid={`position-${position.slug}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <h3 id={`${formId}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h3>
          <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{t(`careersPage.positions.${position.slug}.summary`)}</p>
          <ul className="flex flex-wrap gap-2 text-xs font-medium text-slate-700 dark:text-slate-300">
            <li className="flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 dark:bg-slate-800">
              <Users className="size-3.5" aria-hidden="true" />
              {t(`careersPage.departments.${position.department}`)}
            </li>
            <li className="flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 dark:bg-slate-800">
              <MapPin className="size-3.5" aria-hidden="true" />
              {t(`careersPage.locations.${position.location}`)}
            </li>
            <li className="flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 dark:bg-slate-800">
              <Clock className="size-3.5" aria-hidden="true" />
              {t(`careersPage.types.${position.type}`)}
            </li>
          </ul>
        </div>
        <Button
          variant={open ? 'secondary' : 'primary'}
          aria-expanded={open}
          aria-controls={formId}
          aria-describedby={`${formId}-title`}
          onClick={() => setOpen((value) => !value)}
          data-testid={`apply-${position.slug}`}
          className="shrink-0"
        >
          {t('careersPage.apply')}
        </Button>
      </div>
      <div id={formId}>{open && <ApplicationForm position={position.slug} title={title} onDone={() => setOpen(false)} />}</div>
    </Card>
  );
}

export default function CareersPage() {
  const { t } = useTranslation();
  return (
    <InfoPage icon={Briefcase} title={t('careersPage.title')} intro={t('careersPage.intro')} testId="page-careers">
      <InfoSection id="careers-perks" title={t('careersPage.perksTitle')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {perks.map(({ key, icon }) => (
            <InfoCard key={key} icon={icon} title={t(`careersPage.perks.${key}.title`)} text={t(`careersPage.perks.${key}.text`)} />
          ))}
        </div>
      </InfoSection>
      <InfoSection id="careers-positions" title={t('careersPage.positionsTitle')}>
        <ul className="flex flex-col gap-4" data-testid="positions">
          {openPositions.map((position) => (
            <PositionCard key={position.slug} position={position} />
          ))}
        </ul>
      </InfoSection>
      <section className="flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-6 sm:p-8 dark:bg-brand-950">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t('careersPage.noFitTitle')}</h2>
        <p className="text-slate-700 dark:text-slate-200">{t('careersPage.noFitText')}</p>
        <LocalizedLink to="/contact" className={buttonClasses('secondary')}>
          {t('careersPage.noFitAction')}
        </LocalizedLink>
      </section>
    </InfoPage>
  );
}
