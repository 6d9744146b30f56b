import { Flag, MessageCircle } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../../core/format.ts';
import type { ConversationSummary } from '../../../core/contracts/messages.ts';
import type { Language } from '../../../core/languages.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { MessageThread } from '../../components/message-thread.tsx';
import { ReportDialog } from '../../components/report-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useConversationMessages, useConversations, useSendConversationMessage } from './bookings-api.ts';
import { memberName } from '../../lib/member-name.ts';
import type { TFunction } from '../../i18n/translator.ts';

type Viewer = 'guest' | 'host';

const otherNameOf = (t: TFunction, conversation: ConversationSummary, viewer: Viewer) =>
  memberName(t, viewer === 'guest' ? conversation.hostFirstName : conversation.guestFirstName);

function ConversationThread({ conversation, viewer, language }: { conversation: ConversationSummary; viewer: Viewer; language: Language }) {
  const { t } = useTranslation();
  const messages = useConversationMessages(conversation.id);
  const send = useSendConversationMessage(conversation.id);
  return <MessageThread messages={messages} send={send} otherName={otherNameOf(t, conversation, viewer)} language={language} />;
}

/** A host tells the admins about a conversation a guest opened (spam, abuse): decision 020. */
function ReportConversation({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  return (
    <ReportDialog
      title={t('inquiries.reportTitle', { name: conversation.guestFirstName })}
      testId="report-conversation"
      toReport={(reason, details) => ({
        targetType: 'conversation',
        conversationId: conversation.id,
        reason,
        ...(details ? { details } : {}),
      })}
    >
      <Button variant="ghost" size="sm" data-testid="report-conversation">
        <Flag className="size-4" aria-hidden="true" />
        {t('inquiries.report')}
      </Button>
    </ReportDialog>
  );
}

function ConversationDialog({
  conversation,
  viewer,
  language,
  onClose,
}: {
  conversation: ConversationSummary | null;
  viewer: Viewer;
  language: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Keep the last conversation while the dialog fades out.
  const shown = useRef<ConversationSummary | null>(null);
  if (conversation) shown.current = conversation;
  const target = conversation ?? shown.current;
  if (!target) return null;
  return (
    <Dialog
      open={conversation !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="conversation-dialog"
      size="wide"
      title={t('messages.title', { name: otherNameOf(t, target, viewer) })}
      description={`${target.propertyTitle} · ${t('inquiries.beforeRequest')}`}
    >
      {conversation ? (
        <>
          {viewer === 'host' ? (
            <div className="flex justify-end border-b border-slate-200 px-3 py-1 dark:border-slate-800">
              <ReportConversation conversation={conversation} />
            </div>
          ) : null}
          <ConversationThread key={conversation.id} conversation={conversation} viewer={viewer} language={language} />
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * Questions asked before any request (Contact host), above the bookings: the host finds them with
 * the requests on Hosting, the guest on My Bookings. Once the guest requests a stay the conversation
 * continues on the booking's card and leaves this list. `?conversation=<id>` opens one (the mail's link).
 */
export function Inquiries({ viewer, language }: { viewer: Viewer; language: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = useConversations(viewer, language);
  const openId = params.get('conversation');
  const inquiries = (query.data ?? []).filter((conversation) => conversation.bookingId === null);
  const open = (openId && query.data?.find((conversation) => conversation.id === openId)) || null;
  const setOpen = (conversationId: string | null) => {
    const next = new URLSearchParams(params);
    if (conversationId) next.set('conversation', conversationId);
    else next.delete('conversation');
    setParams(next, { replace: true });
  };

  return (
    <>
      {inquiries.length > 0 ? (
        <section aria-labelledby={`${id}-title`} data-testid="inquiries" className="mt-8">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {t(viewer === 'host' ? 'inquiries.hostTitle' : 'inquiries.guestTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t(viewer === 'host' ? 'inquiries.hostText' : 'inquiries.guestText')}
          </p>
          <ul className="mt-4 space-y-3">
            {inquiries.map((conversation) => {
              const unread = conversation.unreadMessages;
              return (
                <li key={conversation.id}>
                  <Card
                    className="flex flex-wrap items-center gap-4 p-4"
                    data-testid="inquiry"
                    data-id={conversation.id}
                    data-unread={unread}
                  >
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950/70 dark:text-brand-300">
                      <MessageCircle className="size-5" aria-hidden="true" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900 dark:text-white">
                        {viewer === 'guest' ? (
                          <LocalizedLink to={`/property/${conversation.propertyId}`} className="hover:underline">
                            {conversation.propertyTitle}
                          </LocalizedLink>
                        ) : (
                          conversation.propertyTitle
                        )}
                        <span className="font-normal text-slate-500 dark:text-slate-400"> · {otherNameOf(t, conversation, viewer)}</span>
                      </p>
                      <p dir="auto" className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400">
                        {conversation.lastMessage}
                      </p>
                      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                        <time dateTime={conversation.lastMessageAt}>
                          {formatDate(new Date(conversation.lastMessageAt), 'dateTime', language)}
                        </time>
                      </p>
                    </div>
                    <Button
                      variant={unread > 0 ? 'primary' : 'secondary'}
                      size="sm"
                      onClick={() => setOpen(conversation.id)}
                      data-testid="inquiry-open"
                    >
                      {t(viewer === 'host' ? 'inquiries.answer' : 'inquiries.open')}
                      {unread > 0 ? (
                        <span
                          className={cn(
                            'min-w-5 rounded-full bg-white px-1.5 text-xs text-brand-800 tabular-nums dark:bg-slate-950 dark:text-brand-300',
                          )}
                          data-testid="inquiry-unread"
                        >
                          <span className="sr-only">{t('inquiries.unread', { count: unread, n: unread })}</span>
                          <span aria-hidden="true">{formatNumber(unread, language)}</span>
                        </span>
                      ) : null}
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <ConversationDialog conversation={open} viewer={viewer} language={language} onClose={() => setOpen(null)} />
    </>
  );
}
