import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { Language } from '../../../core/languages.ts';
import { MessageThread } from '../../components/message-thread.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useAskHost, useHostConversation } from './property-api.ts';

/** The conversation with the host, in the "Contact host" dialog: its own chunk, loaded when the dialog opens. */
export default function HostThread({ listing, language }: { listing: ListingDetail; language: Language }) {
  const { t } = useTranslation();
  const messages = useHostConversation(listing.id, true);
  const send = useAskHost(listing.id);
  return (
    <MessageThread
      messages={messages}
      send={send}
      otherName={listing.host.firstName}
      language={language}
      emptyText={t('property.contact.empty', { name: listing.host.firstName })}
    />
  );
}
