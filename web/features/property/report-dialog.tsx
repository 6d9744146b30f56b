import { Flag } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLocation } from 'react-router';
import type { ReportCreate } from '../../../core/admin-schemas.ts';
import type { ReportReason } from '../../../core/constants.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { ReportDialog } from '../../components/report-dialog.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { signInPathFrom } from './property-model.ts';

type Target = { kind: 'listing'; listing: ListingDetail } | { kind: 'host'; listing: ListingDetail };

/**
 * "Report this listing" (or its host): a signed-in user tells the admins what is wrong; a visitor
 * is sent to sign in first. Hidden from the listing's own host.
 */
export function ReportButton({ target, className }: { target: Target; className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const { listing, kind } = target;
  const label = kind === 'listing' ? t('report.action') : t('report.hostAction');
  const testId = kind === 'listing' ? 'report-listing' : 'report-host';
  if (user?.id === listing.host.id) return null;
  if (!user) {
    return (
      <LocalizedLink to={signInPathFrom(location)} className={cn(buttonClasses('ghost', 'sm'), className)} data-testid={testId}>
        <Flag className="size-4" aria-hidden="true" />
        {label}
      </LocalizedLink>
    );
  }
  const title = kind === 'listing' ? t('report.title') : t('report.hostTitle', { name: listing.host.firstName });
  const toReport = (reason: ReportReason, details: string | undefined): ReportCreate =>
    kind === 'listing'
      ? { targetType: 'property', propertyId: listing.id, reason, ...(details ? { details } : {}) }
      : { targetType: 'user', userId: listing.host.id, reason, ...(details ? { details } : {}) };
  return (
    <ReportDialog title={title} testId={testId} toReport={toReport}>
      <Button variant="ghost" size="sm" className={className} data-testid={testId}>
        <Flag className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </ReportDialog>
  );
}
