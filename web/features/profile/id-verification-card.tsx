import { BadgeCheck, Clock, ExternalLink, FileUp, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { idDocumentAccept, maxUploadBytes } from '../../../core/upload-limits.ts';
import type { Profile } from '../../../core/contracts/profile.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useUploadIdDocument } from './profile-api.ts';
import { Card } from '../../components/ui/card.tsx';

/**
 * ID verification: unverified or rejected offers an upload (with the rejection reason);
 * pending reads 'Under Review' and offers nothing; verified is final.
 */
export function IdVerificationCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadIdDocument();
  const status = profile.idVerificationStatus;
  const canUpload = status === 'unverified' || status === 'rejected';

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxUploadBytes) {
      toast.error(t('profile.id.uploadError'), { description: t('errors.codes.payload_too_large') });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(t('profile.id.uploaded'), { description: t('profile.id.uploadedText') }),
      onError: (error) => toast.error(t('profile.id.uploadError'), { description: errorText(t, error) }),
    });
  };

  const states = {
    unverified: {
      Icon: ShieldQuestion,
      label: t('profile.id.unverified'),
      tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
    },
    rejected: {
      Icon: ShieldAlert,
      label: t('profile.id.rejected'),
      tone: 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200',
    },
    pending: { Icon: Clock, label: t('profile.id.pending'), tone: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200' },
    verified: {
      Icon: BadgeCheck,
      label: t('profile.id.verified'),
      tone: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200',
    },
  } as const;
  const { Icon, label, tone } = states[status];

  return (
    <Card as="section" aria-labelledby={`${id}-title`} data-testid="id-verification" data-status={status} className="p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('profile.id.title')}
        </h2>
        <span className={cn('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium', tone)} data-testid="id-status">
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </span>
      </div>

      {status === 'verified' ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.id.verifiedText')}</p>
      ) : status === 'pending' ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.id.pendingText')}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.id.intro')}</p>
      )}

      {status === 'rejected' && profile.verificationRejectionReason && (
        <p
          className="mt-3 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:bg-rose-950/50 dark:text-rose-200"
          data-testid="id-rejection-reason"
        >
          {t('profile.id.rejectedReason', { reason: profile.verificationRejectionReason })}
        </p>
      )}

      {(profile.verificationSubmittedAt || profile.hasIdDocument) && status !== 'unverified' && (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
          {profile.verificationSubmittedAt && (
            <span>{t('profile.id.submittedAt', { date: formatDate(new Date(profile.verificationSubmittedAt), 'date', language) })}</span>
          )}
          {profile.hasIdDocument && (
            <a
              href={`/api/users/${profile.id}/id-document`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
            >
              {t('profile.id.viewDocument')}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          )}
        </div>
      )}

      {canUpload && (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={idDocumentAccept}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="id-document-input"
            onChange={onFile}
          />
          <Button
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="id-document-upload"
            aria-describedby={`${id}-accepted`}
          >
            {upload.isPending ? <Spinner className="size-4" /> : <FileUp className="size-4" aria-hidden="true" />}
            {upload.isPending ? t('profile.id.uploading') : t('profile.id.choose')}
          </Button>
          <span id={`${id}-accepted`} className="text-xs text-slate-500 dark:text-slate-400">
            {t('profile.id.accepted')}
          </span>
        </div>
      )}
    </Card>
  );
}
