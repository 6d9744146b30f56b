import { CheckCircle2, CircleDashed, FileSignature } from 'lucide-react';
import type { BookingStatus } from '../../../core/constants.ts';
import type { StayAgreement } from '../../../core/contracts/agreements.ts';
import { formatDate } from '../../../core/format-date.ts';
import type { Language } from '../../../core/languages.ts';
import { agreementApplies } from '../../../core/stay-agreement.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useStayAgreement } from './agreement-api.ts';

const shownStatuses: readonly BookingStatus[] = ['pending', 'confirmed', 'completed'];

/** One side's acceptance: when, or that it is still awaited. */
export function AcceptanceLine({ agreement, side, language }: { agreement: StayAgreement; side: 'guest' | 'host'; language: Language }) {
  const { t } = useTranslation();
  const accepted = agreement.acceptances[side];
  const who = t(side === 'guest' ? 'agreement.guest' : 'agreement.host');
  return (
    <li className="flex items-center gap-1.5" data-testid={`agreement-${side}`} data-accepted={accepted ? 'yes' : 'no'}>
      {accepted ? (
        <CheckCircle2 className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      ) : (
        <CircleDashed className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      )}
      <span>
        {accepted
          ? t('agreement.acceptedOn', { who, date: formatDate(new Date(accepted.acceptedAt), 'date', language) })
          : t('agreement.notYet', { who })}
      </span>
    </li>
  );
}

/**
 * A long stay's agreement on its booking card (guest's trips and host's bookings): whether each side
 * has accepted the current version, and the way to read, accept and print it (decision 055).
 */
export function AgreementStatus({
  booking,
  language,
}: {
  booking: { id: string; status: BookingStatus; checkIn: string; checkOut: string };
  language: Language;
}) {
  const { t } = useTranslation();
  const applies = agreementApplies(booking.checkIn, booking.checkOut) && shownStatuses.includes(booking.status);
  const query = useStayAgreement(booking.id, applies);
  if (!applies || !query.data) return null;
  const agreement = query.data;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50/60 px-3.5 py-2.5 text-sm dark:border-sky-900 dark:bg-sky-950/30"
      data-testid="booking-agreement"
    >
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-semibold text-sky-900 dark:text-sky-100">
          <FileSignature className="size-4 shrink-0" aria-hidden="true" />
          {t('agreement.cardTitle', { version: agreement.version })}
        </p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700 dark:text-slate-300">
          <AcceptanceLine agreement={agreement} side="guest" language={language} />
          <AcceptanceLine agreement={agreement} side="host" language={language} />
        </ul>
      </div>
      <LocalizedLink
        to={`/my-bookings/${booking.id}/agreement`}
        className={buttonClasses(agreement.canAccept ? 'primary' : 'secondary', 'sm')}
        data-testid="booking-agreement-open"
      >
        {t(agreement.canAccept ? 'agreement.readAndAccept' : 'agreement.view')}
      </LocalizedLink>
    </div>
  );
}
