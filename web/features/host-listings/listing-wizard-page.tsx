import { ChevronLeft, ChevronRight, Send } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { MaskingNotice } from '../../components/masking-notice.tsx';
import { editsNeedReview, listingCompleteness, type ListingProblems } from '../../../core/host-listing-rules.ts';
import type { ListingDraft, ListingDraftPatch } from '../../../core/listing-draft-schema.ts';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver.ts';
import type { HostListing } from '../../../core/contracts/host-listings.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCreateListing, useHostListing, useListingAction, useSaveListing } from './host-listings-api.ts';
import type { SaveArrival } from './arrival-panel.tsx';
import { StatusBadge } from './status-badge.tsx';
import { draftOf, isFormStep, stepFields, stepProblems, steps, type Step } from './wizard-model.ts';
import { BasicsStep, DescribeStep, DetailsStep } from './wizard-steps.tsx';

// The later steps load after the page has shown (prefetched once it has: see Wizard), not with it.
const loadStaySteps = () => import('./wizard-stay-steps.tsx');
const loadPhotoManager = () => import('./photo-manager.tsx');
const loadReview = () => import('./wizard-review.tsx');
const loadArrivalPanel = () => import('./arrival-panel.tsx');
const AmenitiesStep = lazy(() => loadStaySteps().then((module) => ({ default: module.AmenitiesStep })));
const AvailabilityStep = lazy(() => loadStaySteps().then((module) => ({ default: module.AvailabilityStep })));
const PhotoManager = lazy(() => loadPhotoManager().then((module) => ({ default: module.PhotoManager })));
const WizardReview = lazy(() => loadReview().then((module) => ({ default: module.WizardReview })));
const ArrivalPanel = lazy(() => loadArrivalPanel().then((module) => ({ default: module.ArrivalPanel })));

// The draft's schema (and zod with it) loads on the first check of a step, not with the page.
const draftResolver = lazyZodResolver<ListingDraft>(() =>
  import('../../../core/listing-draft-schema.ts').then((module) => module.listingDraftSchema),
);

/** /host/listings/new and /host/listings/:id/edit: the listing wizard, each step saved as a draft. */
export default function ListingWizardPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const [search, setSearch] = useSearchParams();
  const step: Step = (steps as readonly string[]).includes(search.get('step') ?? '') ? (search.get('step') as Step) : 'basics';
  const query = useHostListing(id);
  useDocumentTitle(t(id ? 'hostListings.wizard.editTitle' : 'hostListings.wizard.newTitle'));

  if (id !== null && (Number.isNaN(id) || query.isError)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="page-listing-wizard">
        <p className="text-slate-700 dark:text-slate-300">{errorText(t, query.error)}</p>
        <LocalizedLink to="/host/listings" className={buttonClasses('secondary', 'md', 'mt-6')}>
          {t('hostListings.backToListings')}
        </LocalizedLink>
      </div>
    );
  }
  if (id !== null && !query.data) {
    return (
      <div className="flex justify-center py-24" data-testid="page-listing-wizard">
        <Spinner className="size-8" />
      </div>
    );
  }
  return (
    <Wizard
      key={id ?? 'new'}
      listing={query.data}
      step={id === null ? 'basics' : step}
      goTo={(next, listingId = id) => {
        if (listingId !== id) navigate(localize(`/host/listings/${listingId}/edit?step=${next}`), { replace: true });
        else setSearch({ step: next });
        window.scrollTo({ top: 0 });
      }}
    />
  );
}

function Wizard({
  listing,
  step,
  goTo,
}: {
  listing: HostListing | undefined;
  step: Step;
  goTo(step: Step, listingId?: number | null): void;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const create = useCreateListing();
  const save = useSaveListing();
  const action = useListingAction();
  const defaults = useMemo(() => draftOf(listing), [listing]);
  const form = useForm<ListingDraft>({ resolver: draftResolver, defaultValues: defaults, mode: 'onSubmit' });
  const [serverProblems, setServerProblems] = useState<ListingProblems>({});
  const [savedNote, setSavedNote] = useState(false);
  // The arrival step saves its own form (not a draft field); Save and continue calls it.
  const saveArrival = useRef<SaveArrival | null>(null);
  const registerArrivalSave = useCallback((save: SaveArrival | null) => {
    saveArrival.current = save;
  }, []);
  // A newer listing from the server (a photo change) keeps whatever the host is typing.
  useEffect(() => form.reset(defaults, { keepDirtyValues: true }), [defaults, form]);
  // The later steps' code, fetched once the page has shown, so moving on does not wait for it.
  useEffect(() => {
    for (const load of [loadStaySteps, loadArrivalPanel, loadPhotoManager, loadReview]) void load().catch(() => undefined);
  }, []);

  const index = steps.indexOf(step);
  const formErrors = form.formState.errors;
  const problems: ListingProblems = { ...serverProblems };
  for (const [field, error] of Object.entries(formErrors)) {
    if (error && !(field in problems)) (problems as Record<string, string>)[field] = error.message === 'order' ? 'order' : 'invalid';
  }
  const completeness = listing ? listingCompleteness(draftOf(listing), listing.photos.length) : {};
  const pending = create.isPending || save.isPending || action.isPending;

  // Next checks the step being left, by the rules the server saves it with: its errors show and the host stays.
  const saveStep = form.handleSubmit(async (values) => {
    const found = stepProblems(step, values, listing?.photos.length ?? 0);
    setServerProblems(found);
    if (Object.keys(found).length) return;
    if (step === 'arrival' && saveArrival.current) {
      if (!(await saveArrival.current())) return;
      setSavedNote(true);
    }
    if (!isFormStep(step)) return goTo(steps[index + 1]!);
    const patch = Object.fromEntries(stepFields[step].map((field) => [field, values[field]])) as ListingDraftPatch;
    try {
      const saved = listing
        ? await save.mutateAsync({ id: listing.id, patch })
        : await create.mutateAsync({ ...patch, propertyType: values.propertyType });
      setServerProblems({});
      form.reset(draftOf(saved), { keepDirtyValues: false });
      // Quietly: a toast at every step would pile up; the next step appearing is the main feedback.
      setSavedNote(true);
      goTo(steps[index + 1]!, saved.id);
    } catch (error) {
      if (isApiError(error) && error.fields) setServerProblems(error.fields as ListingProblems);
      toast.error(errorText(t, error));
    }
  });

  const submit = () => {
    if (!listing) return;
    action.mutate(
      { id: listing.id, action: 'submit' },
      {
        onSuccess: (result) =>
          toast.success(t(result.status === 'approved' ? 'hostListings.wizard.published' : 'hostListings.wizard.submitted')),
        onError: (error) => {
          if (isApiError(error) && error.fields) setServerProblems(error.fields as ListingProblems);
          toast.error(errorText(t, error));
        },
      },
    );
  };

  const stepProps = { form, problems, idPrefix };
  const missing = Object.entries(completeness) as [keyof ListingProblems, string][];
  const canSubmit = listing && (listing.status === 'draft' || listing.status === 'rejected');

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12" data-testid="page-listing-wizard">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <LocalizedLink to="/host/listings" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            {t('hostListings.backToListings')}
          </LocalizedLink>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {t(listing ? 'hostListings.wizard.editTitle' : 'hostListings.wizard.newTitle')}
          </h1>
        </div>
        {listing ? <StatusBadge status={listing.status} /> : null}
      </div>
      {listing?.pendingChanges ? (
        <div
          role="status"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="listing-changes-pending"
        >
          <p className="font-semibold">{t('hostListings.changesPending')}</p>
          <p className="mt-1">{t('hostListings.changesPendingText')}</p>
        </div>
      ) : listing && editsNeedReview(listing.status) ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" data-testid="listing-changes-hint">
          {t('hostListings.reviewedEditsHint')}
        </p>
      ) : null}
      {/* What the last save hid in the listing's text (the server masks it: decision 049). */}
      <MaskingNotice kinds={listing?.maskedKinds ?? []} kind="listing" className="mt-4 text-sm" />
      {listing?.changesRejectionReason && !listing.pendingChanges ? (
        <p
          className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-200"
          data-testid="listing-changes-rejected"
        >
          {t('hostListings.changesRejected', { reason: listing.changesRejectionReason })}
        </p>
      ) : null}
      {listing?.status === 'rejected' && listing.rejectionReason ? (
        <p className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-200">
          {t('hostListings.rejectedBecause', { reason: listing.rejectionReason })}
        </p>
      ) : null}

      <nav aria-label={t('hostListings.wizard.stepsLabel')} className="mt-6">
        <ol className="flex flex-wrap gap-2">
          {steps.map((name, i) => {
            const current = name === step;
            return (
              <li key={name}>
                <button
                  type="button"
                  disabled={!listing}
                  aria-current={current ? 'step' : undefined}
                  data-testid={`wizard-step-${name}`}
                  onClick={() => goTo(name)}
                  className={cn(
                    'flex h-9 items-center gap-2 rounded-full border px-3 text-sm transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60',
                    current
                      ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950'
                      : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
                  )}
                >
                  <span className="tabular-nums">{i + 1}</span>
                  {t(`hostListings.steps.${name}`)}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <form
        noValidate
        onSubmit={(event) => void saveStep(event)}
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        data-testid={`wizard-form-${step}`}
      >
        <h2 className="mb-5 text-lg font-semibold text-slate-900 dark:text-white">{t(`hostListings.steps.${step}`)}</h2>
        {step === 'basics' ? <BasicsStep {...stepProps} placeLabel={listing?.place?.label ?? ''} /> : null}
        {step === 'describe' ? <DescribeStep {...stepProps} /> : null}
        {step === 'details' ? <DetailsStep {...stepProps} /> : null}
        <Suspense fallback={<Spinner className="mx-auto size-6" />}>
          {step === 'amenities' ? <AmenitiesStep {...stepProps} /> : null}
          {step === 'availability' ? <AvailabilityStep {...stepProps} /> : null}
          {step === 'arrival' && listing ? (
            <ArrivalPanel listingId={listing.id} idPrefix={idPrefix} registerSave={registerArrivalSave} />
          ) : null}
          {step === 'photos' && listing ? <PhotoManager listing={listing} /> : null}
          {step === 'review' && listing ? <WizardReview missing={missing} goTo={goTo} /> : null}
        </Suspense>
        {step === 'photos' && problems.photos ? (
          <p role="alert" className="mt-4 text-sm text-rose-600 dark:text-rose-400" data-testid="wizard-photos-problem">
            {t('hostListings.fieldNames.photos')}: {t(`hostListings.fieldErrors.${problems.photos}`)}
          </p>
        ) : null}

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
          <Button variant="secondary" disabled={index === 0 || pending} onClick={() => goTo(steps[index - 1]!)} data-testid="wizard-back">
            <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
            {t('hostListings.wizard.back')}
          </Button>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400" data-testid="wizard-saved-note">
            {savedNote ? t(listing?.pendingChanges ? 'hostListings.wizard.savedForReview' : 'hostListings.wizard.saved') : ''}
          </p>
          {step === 'review' ? (
            canSubmit ? (
              <Button onClick={submit} disabled={pending || missing.length > 0} data-testid="wizard-submit">
                {action.isPending ? <Spinner className="size-4" /> : <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
                {t('hostListings.wizard.submit')}
              </Button>
            ) : (
              <LocalizedLink to="/host/listings" className={buttonClasses('primary')} data-testid="wizard-done">
                {t('hostListings.wizard.done')}
              </LocalizedLink>
            )
          ) : (
            <Button type="submit" disabled={pending} data-testid="wizard-next">
              {pending ? <Spinner className="size-4" /> : null}
              {t(isFormStep(step) || step === 'arrival' ? 'hostListings.wizard.saveContinue' : 'hostListings.wizard.continue')}
              <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
