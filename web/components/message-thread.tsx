import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Check, CheckCheck, MessageCircle, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { messageRules } from '../../core/booking-rules.ts';
import type { BookingMessage } from '../../core/contracts/messages.ts';
import type { Language } from '../../core/languages.ts';
import { cn } from '../lib/cn.ts';
import { errorText } from '../lib/error-message.ts';
import { formatDate } from '../../core/format-date.ts';
import { toast } from '../lib/toast.ts';
import { MaskingNotice } from './masking-notice.tsx';
import { Button } from './ui/button.tsx';
import { ErrorState } from './ui/error-state.tsx';
import { LoadingState } from './ui/loading-state.tsx';
import { Spinner } from './ui/spinner.tsx';

function formatSentAt(value: string, language: Language): string {
  return formatDate(new Date(value), 'dateTime', language);
}

export interface MessageThreadProps {
  /** The thread, oldest first (polled by its owner). */
  messages: UseQueryResult<BookingMessage[]>;
  /** Sends one message; the caller adds it to the thread. */
  send: UseMutationResult<BookingMessage, Error, string>;
  /** The other side's first name. */
  otherName: string;
  language: Language;
  /** What an empty thread says (messages.empty unless given). */
  emptyText?: string;
}

/**
 * A conversation between a guest and a host (decision 020): the messages, oldest first, newest in
 * view, and a box to write (Enter sends, Shift+Enter breaks the line). Used by a booking's thread,
 * an inquiry's and the property page's Contact host.
 */
export function MessageThread({ messages, send, otherName, language, emptyText }: MessageThreadProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || send.isPending) return;
    send.mutate(body, {
      onSuccess: () => setDraft(''),
      // The draft stays in the box, so nothing typed is lost.
      onError: (error) => toast.error(errorText(t, error)),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  let body;
  if (messages.isPending) {
    body = <LoadingState label={t('messages.loading')} className="flex-1 items-center py-16" />;
  } else if (messages.isError) {
    body = (
      <div className="flex flex-1 flex-col justify-center p-5">
        <ErrorState size="sm" error={messages.error} retrying={messages.isFetching} onRetry={() => void messages.refetch()} />
      </div>
    );
  } else if (count === 0) {
    body = (
      <div data-testid="thread-empty" className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950/70 dark:text-brand-300">
          <MessageCircle className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">{emptyText ?? t('messages.empty', { name: otherName })}</p>
      </div>
    );
  } else {
    body = (
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label={t('messages.history')}
        data-testid="thread-messages"
        className="flex-1 overflow-y-auto px-5 py-4"
      >
        <ol className="space-y-3">
          {messages.data.map((message) => (
            <li
              key={message.id}
              data-testid="thread-message"
              data-mine={message.mine}
              className={cn('flex flex-col', message.mine ? 'items-end' : 'items-start')}
            >
              <p
                dir="auto"
                className={cn(
                  'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
                  message.mine
                    ? 'rounded-ee-md bg-brand-700 text-white dark:bg-brand-600'
                    : 'rounded-es-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
                )}
              >
                <span className="sr-only">{message.mine ? t('messages.you') : message.senderFirstName}: </span>
                {message.body}
              </p>
              <MaskingNotice kinds={message.maskedKinds} kind={message.mine ? 'mine' : 'theirs'} className="mt-1 max-w-[85%]" />
              <span className="mt-1 flex items-center gap-1 px-1 text-xs text-slate-500 dark:text-slate-400">
                <time dateTime={message.createdAt}>{formatSentAt(message.createdAt, language)}</time>
                {message.mine ? (
                  message.readAt ? (
                    <>
                      <CheckCheck className="size-3.5 text-brand-600 dark:text-brand-400" aria-hidden="true" />
                      <span className="sr-only">{t('messages.seen')}</span>
                    </>
                  ) : (
                    <Check className="size-3.5" aria-hidden="true" />
                  )
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      </div>
    );
  }

  return (
    <>
      {body}
      <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800">
        <label htmlFor={`${id}-draft`} className="sr-only">
          {t('messages.label', { name: otherName })}
        </label>
        <textarea
          id={`${id}-draft`}
          data-testid="thread-input"
          dir="auto"
          rows={2}
          value={draft}
          maxLength={messageRules.maxLength}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('messages.placeholder', { name: otherName })}
          className="max-h-40 min-h-11 flex-1 resize-y rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-500"
        />
        <Button
          type="submit"
          size="icon"
          data-testid="thread-send"
          disabled={!draft.trim() || send.isPending}
          aria-label={t('messages.send')}
        >
          {send.isPending ? <Spinner className="size-4" /> : <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
        </Button>
      </form>
    </>
  );
}
