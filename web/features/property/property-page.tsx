import { useQuery } from '@tanstack/react-query';
import { Heart, Share2 } from 'lucide-react';
import { lazy, useRef, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLocation, useParams } from 'react-router';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStickyTop } from '../../lib/use-sticky-top.ts';
import { BookingPanel } from './booking-panel.tsx';
import { ContactHostButton } from './contact-host.tsx';
import { stickyBarPadding } from './sticky-booking-bar.tsx';
import { Gallery } from './gallery.tsx';
import { propertyQueries, useSaveListing } from './property-api.ts';
import { listingIdOf, signInPathFrom } from './property-model.ts';
import { PropertyFacts } from './property-facts.tsx';
import { HostCard, Reviews } from './property-people.tsx';
import { AccessibilityFeatures, Amenities, Description, HouseRules, PropertyHeader } from './property-sections.tsx';
import { AreaSection } from './area-section.tsx';
import { CancellationPolicySection } from './cancellation-policy.tsx';
import { ReportButton } from './report-dialog.tsx';

const pageClasses = 'mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-8 lg:px-8';

function SaveButton({ listing, language }: { listing: ListingDetail; language: Language }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const save = useSaveListing(listing.id, language);
  if (!user) {
    // Saving needs an account: the visitor signs in and comes back to this page, dates and all.
    return (
      <LocalizedLink
        to={signInPathFrom(location)}
        title={t('property.signInToSave')}
        className={buttonClasses('secondary', 'sm')}
        data-testid="property-save"
      >
        <Heart className="size-4 text-slate-600 dark:text-slate-300" aria-hidden="true" />
        {t('property.save')}
      </LocalizedLink>
    );
  }
  const toggle = () =>
    save.mutate(!listing.saved, {
      onError: (error) => toast.error(t('property.saveFailed'), { description: errorText(t, error) }),
    });
  return (
    <Button variant="secondary" size="sm" aria-pressed={listing.saved} onClick={toggle} data-testid="property-save">
      <Heart
        className={cn('size-4', listing.saved ? 'fill-rose-500 text-rose-500' : 'text-slate-600 dark:text-slate-300')}
        aria-hidden="true"
      />
      {listing.saved ? t('property.saved') : t('property.save')}
    </Button>
  );
}

function ShareButton({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: listing.title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('property.linkCopied'));
    } catch {
      toast.error(t('property.shareFailed'));
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void share()} data-testid="property-share">
      <Share2 className="size-4 text-slate-600 dark:text-slate-300" aria-hidden="true" />
      {t('property.share')}
    </Button>
  );
}

function PropertySkeleton() {
  const { t } = useTranslation();
  const block = 'animate-pulse rounded bg-slate-200 dark:bg-slate-800';
  return (
    <div className={pageClasses} data-testid="page-property" data-state="loading">
      <span className="sr-only" role="status">
        {t('property.loadingLabel')}
      </span>
      <div aria-hidden="true" className="flex flex-col gap-6" data-testid="property-skeleton">
        <div className={cn(block, 'h-8 w-2/3 max-w-xl')} />
        <div className={cn(block, 'h-4 w-1/3 max-w-xs')} />
        <div className={cn(block, 'aspect-[16/9] w-full rounded-2xl')} />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex flex-col gap-3">
            <div className={cn(block, 'h-5 w-1/2')} />
            <div className={cn(block, 'h-4 w-full')} />
            <div className={cn(block, 'h-4 w-5/6')} />
            <div className={cn(block, 'h-4 w-4/6')} />
          </div>
          <div className={cn(block, 'h-96 rounded-2xl')} />
        </div>
      </div>
    </div>
  );
}

// Not found and failed are rare: their components load when shown (also while hydrating such a page).
const PropertyNotFound = lazy(() => import('./property-states.tsx').then((module) => ({ default: module.PropertyNotFound })));
const PropertyError = lazy(() => import('./property-states.tsx').then((module) => ({ default: module.PropertyError })));

/** A page holding only a state (not found, failed), centred. */
function StatePage({ children, state }: { children: ReactNode; state: string }) {
  return (
    <div className={pageClasses} data-testid="page-property" data-state={state}>
      <div className="mx-auto max-w-xl">{children}</div>
    </div>
  );
}

export default function PropertyPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { id: idParam } = useParams();
  const id = listingIdOf(idParam);
  const query = useQuery({ ...propertyQueries.detail(id ?? 0, language), enabled: id !== null });
  const listing = query.data;
  const panelRef = useRef<HTMLElement>(null);
  // The panel is a sticky column from Tailwind's lg (1024 px) on.
  const stickyTop = useStickyTop(panelRef, 88, 1024, Boolean(listing));
  useDocumentTitle(listing?.title ?? (query.isPending && id !== null ? null : t('property.notFoundTitle')));

  const notFound = id === null || (query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 410));
  if (notFound) {
    return (
      <StatePage state="property-not-found">
        <PropertyNotFound />
      </StatePage>
    );
  }
  if (query.isError && !listing) {
    return (
      <StatePage state="property-error">
        <PropertyError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </StatePage>
    );
  }
  if (!listing) return <PropertySkeleton />;

  return (
    <div
      className={cn(pageClasses, stickyBarPadding)}
      data-testid="page-property"
      data-state="ready"
      data-id={listing.id}
      data-type={listing.type}
    >
      <PropertyHeader
        listing={listing}
        language={language}
        actions={
          <>
            <ShareButton listing={listing} />
            <SaveButton listing={listing} language={language} />
          </>
        }
      />
      <div className="mt-6">
        <Gallery key={listing.id} listing={listing} />
      </div>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_25rem] lg:items-start xl:gap-14">
        <div className="flex min-w-0 flex-col gap-8">
          <PropertyFacts listing={listing} />
          <Description listing={listing} />
          <Amenities listing={listing} />
          <AccessibilityFeatures listing={listing} />
          <div className="flex flex-col gap-2">
            <HostCard listing={listing} language={language} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ContactHostButton listing={listing} language={language} />
              <ReportButton target={{ kind: 'host', listing }} className="ms-auto" />
            </div>
          </div>
          <HouseRules listing={listing} />
          <CancellationPolicySection listing={listing} />
          <AreaSection listing={listing} language={language} />
          <Reviews listing={listing} language={language} />
        </div>
        <aside ref={panelRef} className="lg:sticky lg:col-start-2 lg:row-start-1" style={{ top: stickyTop }}>
          <BookingPanel key={listing.id} listing={listing} />
          <div className="mt-3 flex justify-center">
            <ReportButton target={{ kind: 'listing', listing }} />
          </div>
        </aside>
      </div>
    </div>
  );
}
