// What people/messages offers the other features: they import it from here alone.

export { INBOX_BOXES, MessageId } from './messages.schema';
export { countUnread, deleteMessage, listInbox, readMessage } from './messages.service';
