import { BookOpen, ChevronDown, Clock, KeyRound, Map as MapIcon, MapPin, Phone, Wifi } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { Language } from '../../../core/languages.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useBookingArrival } from './bookings-api.ts';

function Row({
  icon: Icon,
  label,
  children,
  testId,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <div className="text-sm text-slate-800 dark:text-slate-100" data-testid={testId}>
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * A confirmed stay's arrival information on the guest's booking (issue 41, item 1): the street
 * address in the page's language, a map link, the host's phone, check-in instructions, house manual
 * and Wi-Fi. Asked for when opened, so the list of trips does not fetch private details it does not show.
 */
export function ArrivalDetails({ bookingId, language }: { bookingId: string; language: Language }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useBookingArrival(bookingId, language, open);
  const info = query.data;
  return (
    <details
      className="group/arrival rounded-xl border border-emerald-200 bg-emerald-50/60 dark:border-emerald-900 dark:bg-emerald-950/30"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="booking-arrival"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-3.5 py-2.5 text-sm font-semibold text-emerald-900 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-emerald-100 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <KeyRound className="size-4" aria-hidden="true" />
          {t('bookings.arrival.title')}
        </span>
        <ChevronDown className="size-4 transition-transform group-open/arrival:rotate-180" aria-hidden="true" />
      </summary>
      <div className="border-t border-emerald-200 px-3.5 py-3 dark:border-emerald-900">
        {query.isError ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {errorText(t, query.error)}
          </p>
        ) : !info ? (
          <Spinner className="mx-auto size-5" />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2" data-testid="booking-arrival-details">
            {info.address ? (
              <Row icon={MapPin} label={t('bookings.arrival.address')} testId="arrival-address">
                <span dir="auto">{info.address}</span>
                {info.mapUrl ? (
                  <a
                    href={info.mapUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 flex w-fit items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-300"
                    data-testid="arrival-map"
                  >
                    <MapIcon className="size-4" aria-hidden="true" />
                    {t('bookings.arrival.map')}
                  </a>
                ) : null}
              </Row>
            ) : null}
            <Row icon={Clock} label={t('bookings.arrival.checkIn')} testId="arrival-check-in">
              {t('bookings.arrival.checkInFrom', { time: info.checkInTime })}
            </Row>
            <Row icon={Phone} label={`${t('bookings.arrival.hostPhone')} (${info.hostFirstName})`} testId="arrival-phone">
              {info.hostPhone ? (
                <a
                  href={`tel:${info.hostPhone.replace(/[^\d+]/g, '')}`}
                  dir="ltr"
                  className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  {info.hostPhone}
                </a>
              ) : (
                <span className="text-slate-600 dark:text-slate-300">{t('bookings.arrival.noPhone')}</span>
              )}
            </Row>
            {info.wifiName || info.wifiPassword ? (
              <Row icon={Wifi} label={t('bookings.arrival.wifi')} testId="arrival-wifi">
                {info.wifiName ? (
                  <p>
                    {t('bookings.arrival.wifiName')}:{' '}
                    <span dir="ltr" className="font-mono">
                      {info.wifiName}
                    </span>
                  </p>
                ) : null}
                {info.wifiPassword ? (
                  <p>
                    {t('bookings.arrival.wifiPassword')}:{' '}
                    <span dir="ltr" className="font-mono break-all">
                      {info.wifiPassword}
                    </span>
                  </p>
                ) : null}
              </Row>
            ) : null}
            <div className="sm:col-span-2">
              <Row icon={KeyRound} label={t('bookings.arrival.instructions')} testId="arrival-instructions">
                <p dir="auto" className="whitespace-pre-line break-words">
                  {info.checkInInstructions || t('bookings.arrival.none')}
                </p>
              </Row>
            </div>
            {info.houseManual ? (
              <div className="sm:col-span-2">
                <Row icon={BookOpen} label={t('bookings.arrival.houseManual')} testId="arrival-manual">
                  <p dir="auto" className="whitespace-pre-line break-words">
                    {info.houseManual}
                  </p>
                </Row>
              </div>
            ) : null}
          </div>
        )}
      </div>
    </details>
  );
}
