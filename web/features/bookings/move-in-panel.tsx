import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { MoveInReport } from '../../../core/contracts/move-in.ts';
import { maxMoveInPhotos, moveInReasons, moveInTextLimits, type MoveInReason } from '../../../core/move-in-rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useAnswerMoveIn, useMoveIn, useReportMoveIn } from './move-in-api.ts';

const box = 'rounded-xl border border-amber-200 bg-amber-50/60 px-3.5 py-3 text-sm dark:border-amber-900 dark:bg-amber-950/30';
const input =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** The report as both sides read it: what the guest said, their photos, the host's answer and the decision. */
function ReportSummary({ report }: { report: MoveInReport }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2" data-testid="move-in-report">
      <p className="font-semibold text-amber-900 dark:text-amber-100">
        {t(`moveIn.reasons.${report.reason}`)} ·{' '}
        <span data-testid="move-in-status">
          {report.status === 'open' ? t('moveIn.statusOpen') : t(`moveIn.decisions.${report.decision ?? 'release'}`)}
        </span>
      </p>
      <p dir="auto" className="whitespace-pre-line text-slate-800 dark:text-slate-100">
        {report.description}
      </p>
      {report.photos.length ? (
        <div className="flex flex-wrap gap-2">
          {report.photos.map((photo) => (
            <a key={photo.id} href={photo.url} target="_blank" rel="noopener noreferrer">
              <img src={photo.url} alt={t('moveIn.photo')} className="size-16 rounded-lg object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {report.hostAnswer ? (
        <p
          dir="auto"
          className="rounded-lg bg-white/70 px-3 py-2 text-slate-700 dark:bg-slate-900/60 dark:text-slate-200"
          data-testid="move-in-answer"
        >
          <span className="font-medium">{t('moveIn.hostAnswer')}: </span>
          {report.hostAnswer}
        </p>
      ) : null}
      {report.status === 'decided' && report.refundAmount > 0 ? (
        <p className="text-slate-700 dark:text-slate-200">{t('moveIn.refunded', { amount: `₪${String(report.refundAmount)}` })}</p>
      ) : null}
      {report.status === 'open' ? <p className="text-slate-600 dark:text-slate-300">{t('moveIn.heldNote')}</p> : null}
    </div>
  );
}

/** The guest's form: why, what they found, up to six photos. */
function ReportForm({ bookingId, onDone }: { bookingId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const send = useReportMoveIn(bookingId);
  const [reason, setReason] = useState<MoveInReason>('not_as_described');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ body: { reason, description }, photos }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="move-in-form">
      <fieldset>
        <legend className="font-medium text-slate-800 dark:text-slate-100">{t('moveIn.whatHappened')}</legend>
        {moveInReasons.map((value) => (
          <label key={value} className="mt-1 flex items-center gap-2">
            <input
              type="radio"
              name={`move-in-reason-${bookingId}`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {t(`moveIn.reasons.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="block">
        <span className="font-medium text-slate-800 dark:text-slate-100">{t('moveIn.describe')}</span>
        <textarea
          className={input}
          rows={4}
          required
          minLength={moveInTextLimits.description.min}
          maxLength={moveInTextLimits.description.max}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="move-in-description"
        />
      </label>
      <label className="block">
        <span className="font-medium text-slate-800 dark:text-slate-100">{t('moveIn.photos', { count: maxMoveInPhotos })}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="mt-1 block w-full text-sm"
          onChange={(event) => setPhotos(Array.from(event.target.files ?? []).slice(0, maxMoveInPhotos))}
          data-testid="move-in-photos"
        />
      </label>
      {send.isError ? (
        <p role="alert" className="text-rose-700 dark:text-rose-300">
          {errorText(t, send.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending} data-testid="move-in-send">
          {t('moveIn.send')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('moveIn.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The host's answer to an open report. */
function AnswerForm({ bookingId, report }: { bookingId: string; report: MoveInReport }) {
  const { t } = useTranslation();
  const answer = useAnswerMoveIn(bookingId);
  const [text, setText] = useState(report.hostAnswer ?? '');
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        answer.mutate({ reportId: report.id, answer: text });
      }}
    >
      <label className="block">
        <span className="font-medium text-slate-800 dark:text-slate-100">{t('moveIn.yourAnswer')}</span>
        <textarea
          className={input}
          rows={3}
          required
          maxLength={moveInTextLimits.answer.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="move-in-answer-text"
        />
      </label>
      {answer.isError ? (
        <p role="alert" className="text-rose-700 dark:text-rose-300">
          {errorText(t, answer.error)}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={answer.isPending} data-testid="move-in-answer-send">
        {t('moveIn.sendAnswer')}
      </Button>
    </form>
  );
}

/**
 * Move-in protection on a booking (issue 37, item 5; decision 056). The guest sees "Report a
 * problem with move-in" in the first 24 hours after check-in and the report afterwards; the host
 * sees the report and answers while it is open. Shown only for stays that have started lately, so
 * the list of bookings does not ask about every stay.
 */
export function MoveInPanel({ bookingId, viewer }: { bookingId: string; viewer: 'guest' | 'host' }) {
  const { t } = useTranslation();
  const query = useMoveIn(bookingId);
  const [reporting, setReporting] = useState(false);
  const data = query.data;
  if (!data) return null;
  const open = data.report?.status === 'open';
  if (!data.report && !(viewer === 'guest' && data.windowOpen)) return null;
  return (
    <section className={box} data-testid="move-in-panel" aria-label={t('moveIn.title')}>
      <p className="mb-2 flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-100">
        <ShieldAlert className="size-4" aria-hidden="true" />
        {t('moveIn.title')}
      </p>
      {data.report ? <ReportSummary report={data.report} /> : null}
      {viewer === 'guest' && data.windowOpen && !open ? (
        reporting ? (
          <ReportForm bookingId={bookingId} onDone={() => setReporting(false)} />
        ) : (
          <>
            <p className="mb-2 text-slate-700 dark:text-slate-200">{t('moveIn.intro')}</p>
            <Button variant="secondary" size="sm" onClick={() => setReporting(true)} data-testid="move-in-report-button">
              {t('moveIn.reportButton')}
            </Button>
          </>
        )
      ) : null}
      {viewer === 'host' && data.report && open ? <AnswerForm bookingId={bookingId} report={data.report} /> : null}
    </section>
  );
}
