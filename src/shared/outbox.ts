import type { RouteInput } from './api/contract';
import type { messagesRoutes } from './api/messages';
import type { OutboxMessage } from './ipc';

/**
 * POST /messages/:ticketId for a message the user wrote (1-attendance §7): a file goes as a form (medias,
 * body, fromMe, isPrivate), a text or contact card as JSON; both carry the client id the server
 * deduplicates by, so sending it again never stores it twice.
 */
export function sendInputOf(message: OutboxMessage): RouteInput<typeof messagesRoutes.send> {
  const { clientId, ticketId, body, isPrivate, file } = message;
  const params = { ticketId };
  if (file) {
    return {
      params,
      body: { body, fromMe: true, isPrivate, clientId },
      files: [{ field: 'medias', name: file.name, type: file.type, data: file.data }],
    };
  }
  return {
    params,
    body: {
      body,
      fromMe: true,
      read: 1,
      isPrivate,
      quotedMsg: message.quotedMsg,
      vCard: message.vCard,
      clientId,
    },
  };
}
