import { Check, X } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ActionDialog } from './action-dialog.tsx';

/** Approve, or reject with a reason: the one control of every queue of the verifications tab. */
export function Decision({
  name,
  onApprove,
  onReject,
  pending,
  testId,
}: {
  name: string;
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  pending: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        onClick={() => void onApprove().catch(() => undefined)}
        disabled={pending}
        data-testid={`${testId}-approve`}
        aria-label={t('admin.approveNamed', { name })}
      >
        <Check className="size-4" aria-hidden="true" />
        {t('admin.approve')}
      </Button>
      <ActionDialog
        testId={`${testId}-reject`}
        trigger={
          <Button size="sm" variant="secondary" aria-label={t('admin.rejectNamed', { name })} data-testid={`${testId}-reject-open`}>
            <X className="size-4" aria-hidden="true" />
            {t('admin.reject')}
          </Button>
        }
        title={t('admin.rejectTitle', { name })}
        description={t('admin.rejectText')}
        textLabel={t('admin.reason')}
        textRequired
        confirmLabel={t('admin.reject')}
        confirmVariant="danger"
        pending={pending}
        onConfirm={onReject}
      />
    </div>
  );
}
