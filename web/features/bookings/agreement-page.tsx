import { ArrowLeft, FileSignature, Printer } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { StayAgreement } from '../../../core/contracts/agreements.ts';
import { formatDate } from '../../../core/format-date.ts';
import { directionOf, type Language } from '../../../core/languages.ts';
import { parseAgreementText } from '../../../core/stay-agreement.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cardClasses } from '../../components/ui/card.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { QueryStates } from '../../components/ui/query-states.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAcceptAgreement, useStayAgreement } from './agreement-api.ts';
import { AcceptanceLine } from './agreement-status.tsx';

/** One language's text, laid out from its lines (core/stay-agreement.ts), in its own direction. */
function AgreementText({ agreement, language, first }: { agreement: StayAgreement; language: Language; first: boolean }) {
  const { t } = useTranslation();
  const { text, sha256 } = agreement.texts[language];
  const document = parseAgreementText(text);
  return (
    <article
      lang={language}
      dir={directionOf(language)}
      className={cn(
        cardClasses,
        'flex flex-col gap-4 p-6 shadow-sm sm:p-8 print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none',
        !first && 'print:break-before-page',
      )}
      data-testid={`agreement-text-${language}`}
    >
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300 print:text-black">Lina · לינה</p>
        <h2 className="mt-1 text-2xl font-bold text-slate-900 dark:text-white print:text-black">{document.title}</h2>
      </header>
      {document.sections.map((section) => (
        <section key={section.heading} className="border-t border-slate-200 pt-4 text-sm dark:border-slate-800 print:border-slate-400">
          <h3 className="mb-2 font-semibold text-slate-900 dark:text-white print:text-black">{section.heading}</h3>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index} className="mb-1.5 leading-relaxed text-slate-700 dark:text-slate-300 print:text-black">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="border-t border-slate-200 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400 print:text-slate-700">
        {t('agreement.fingerprint')}{' '}
        <bdi dir="ltr" className="font-mono break-all" data-testid={`agreement-sha-${language}`}>
          {sha256}
        </bdi>
      </p>
    </article>
  );
}

/** The version, both sides' acceptances, and for a party who has not accepted yet, the acceptance itself. */
function AcceptancePanel({ agreement }: { agreement: StayAgreement }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const accept = useAcceptAgreement(agreement.bookingId);
  const [read, setRead] = useState(false);
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50/60 p-4 text-sm dark:border-sky-900 dark:bg-sky-950/30 print:border-slate-400 print:bg-white"
      aria-label={t('agreement.acceptances')}
      data-testid="agreement-panel"
      data-version={agreement.version}
    >
      <p className="text-slate-700 dark:text-slate-300 print:text-black">
        {t('agreement.versionLine', {
          version: agreement.version,
          date: formatDate(new Date(agreement.createdAt), 'date', language),
        })}
      </p>
      <ul className="flex flex-col gap-1 text-slate-800 dark:text-slate-200 print:text-black">
        <AcceptanceLine agreement={agreement} side="guest" language={language} />
        <AcceptanceLine agreement={agreement} side="host" language={language} />
      </ul>
      {agreement.canAccept ? (
        <div className="flex flex-col gap-3 border-t border-sky-200 pt-3 dark:border-sky-900 print:hidden">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-700"
              checked={read}
              onChange={(event) => setRead(event.target.checked)}
              data-testid="agreement-read"
            />
            <span>{t('agreement.confirmRead')}</span>
          </label>
          <div>
            <Button
              onClick={() => accept.mutate(agreement.texts[language].sha256)}
              disabled={!read || accept.isPending}
              data-testid="agreement-accept"
            >
              <FileSignature className="size-4" aria-hidden="true" />
              {t('agreement.accept')}
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('agreement.recordNote')}</p>
          {accept.isError ? (
            <p role="alert" className="text-rose-700 dark:text-rose-300" data-testid="agreement-error">
              {errorText(t, accept.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * /my-bookings/:id/agreement: a long stay's sublet or rental agreement in both languages, the page's
 * first, each in its own direction; its guest or host accepts it here; printable (the buttons and the
 * acceptance form are left off paper, each language starts a page). docs/decisions/055-stay-agreement.md
 */
export default function AgreementPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const agreement = useStayAgreement(id);
  useDocumentTitle(t('agreement.title'));
  const other: Language = language === 'he' ? 'en' : 'he';
  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0"
      data-testid="page-agreement"
      data-printable
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <LocalizedLink
          to={agreement.data?.viewerRole === 'host' ? '/host/bookings' : '/my-bookings'}
          className={buttonClasses('ghost', 'sm')}
          data-testid="agreement-back"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t('agreement.back')}
        </LocalizedLink>
        <Button variant="secondary" onClick={() => window.print()} disabled={!agreement.data} data-testid="agreement-print">
          <Printer className="size-4" aria-hidden="true" />
          {t('agreement.print')}
        </Button>
      </div>
      <QueryStates query={agreement} loading={<LoadingState className="py-16" />}>
        {(data) => (
          <div className="flex flex-col gap-6">
            <h1 className="text-xl font-bold text-slate-900 dark:text-white print:hidden">{t('agreement.title')}</h1>
            <AcceptancePanel agreement={data} />
            <AgreementText agreement={data} language={language} first />
            <AgreementText agreement={data} language={other} first={false} />
          </div>
        )}
      </QueryStates>
    </div>
  );
}
