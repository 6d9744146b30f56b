import { BadgeCheck, Camera, MailCheck, Trash2 } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { maxUploadBytes, profileImageAccept } from '../../../core/upload-limits.ts';
import type { Profile } from '../../../core/contracts/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { ageDisplay } from './age-display.ts';
import { Avatar } from './avatar.tsx';
import { useRemovePhoto, useUploadPhoto } from './profile-api.ts';
import { Card } from '../../components/ui/card.tsx';

function Badge({ icon: Icon, children, testId }: { icon: typeof BadgeCheck; children: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-900"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {children}
    </span>
  );
}

/** Photo (upload, remove), name, e-mail, verification badges and age. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const age = ageDisplay(profile.age, profile.idVerificationStatus);
  const busy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxUploadBytes) {
      toast.error(t('profile.photo.uploadError'), { description: t('errors.codes.payload_too_large') });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(t('profile.photo.uploaded')),
      onError: (error) => toast.error(t('profile.photo.uploadError'), { description: errorText(t, error) }),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('profile.photo.removed')),
      onError: (error) => toast.error(t('profile.photo.removeError'), { description: errorText(t, error) }),
    });

  return (
    <Card
      as="section"
      aria-labelledby={`${inputId}-name`}
      data-testid="profile-card"
      className="flex flex-col items-center p-6 text-center shadow-sm"
    >
      <div className="relative">
        <Avatar
          url={profile.profileImageUrl}
          firstName={profile.firstName}
          lastName={profile.lastName}
          alt={t('profile.photo.alt', { name })}
          className="size-28 text-3xl"
        />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 text-brand-700 dark:bg-slate-900/70 dark:text-brand-300">
            <Spinner />
          </span>
        )}
      </div>
      <h2 id={`${inputId}-name`} className="mt-4 text-xl font-semibold text-slate-900 dark:text-white" data-testid="profile-name">
        {name}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" dir="ltr">
        {profile.email}
      </p>
      {(profile.emailVerified || profile.isVerified) && (
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          {profile.emailVerified && (
            <Badge icon={MailCheck} testId="badge-email-verified">
              {t('profile.badges.emailVerified')}
            </Badge>
          )}
          {profile.isVerified && (
            <Badge icon={BadgeCheck} testId="badge-id-verified">
              {t('profile.badges.idVerified')}
            </Badge>
          )}
        </div>
      )}
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="profile-age">
        <span className="font-medium">{t('profile.fields.age')}: </span>
        {age.kind === 'none' ? t('profile.notProvided') : age.kind === 'verified' ? age.age : t('profile.ageUnverified', { age: age.age })}
      </p>

      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={profileImageAccept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="profile-photo-input"
          onChange={onFile}
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()} data-testid="profile-photo-upload">
          <Camera className="size-4" aria-hidden="true" />
          {profile.profileImageUrl ? t('profile.photo.change') : t('profile.photo.upload')}
        </Button>
        {profile.profileImageUrl && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={onRemove} data-testid="profile-photo-remove">
            <Trash2 className="size-4" aria-hidden="true" />
            {t('profile.photo.remove')}
          </Button>
        )}
      </div>
    </Card>
  );
}
