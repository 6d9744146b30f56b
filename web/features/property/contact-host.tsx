import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLocation } from 'react-router';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { Language } from '../../../core/languages.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { signInPathFrom } from './property-model.ts';

// The conversation (and the message thread's code) loads when the dialog first opens.
const HostThread = lazy(() => import('./host-thread.tsx'));

/**
 * "Contact host": a question before any request, in the same conversation a request would continue
 * (decision 020). A visitor is sent to sign in and comes back here; the host sees no button on
 * their own listing.
 */
export function ContactHostButton({ listing, language, className }: { listing: ListingDetail; language: Language; className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (user?.id === listing.host.id) return null;
  const label = t('property.contact.action', { name: listing.host.firstName });
  if (!user) {
    return (
      <LocalizedLink to={signInPathFrom(location)} className={cn(buttonClasses('secondary', 'sm'), className)} data-testid="contact-host">
        <MessageCircle className="size-4" aria-hidden="true" />
        {label}
      </LocalizedLink>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      testId="contact-host-dialog"
      size="wide"
      title={t('messages.title', { name: listing.host.firstName })}
      description={`${listing.title} · ${t('property.contact.note')}`}
      trigger={
        <Button variant="secondary" size="sm" className={className} data-testid="contact-host">
          <MessageCircle className="size-4" aria-hidden="true" />
          {label}
        </Button>
      }
    >
      {open ? (
        <Suspense
          fallback={
            <div className="flex justify-center py-10 text-brand-700 dark:text-brand-300">
              <Spinner />
            </div>
          }
        >
          <HostThread listing={listing} language={language} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
