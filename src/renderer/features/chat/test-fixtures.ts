import type { Message } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import type { ChatMessage, MessagesList } from './messages-cache';

/** Builders for the chat's unit tests. */
export const aMessage = (id: number, fields: Partial<Message> = {}): Message => ({
  id,
  wid: `wid-${id}`,
  clientId: null,
  ticketId: 7,
  body: `message ${id}`,
  fromMe: false,
  read: true,
  mediaType: null,
  mediaUrl: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  isForwarded: false,
  isPrivate: false,
  quotedMsg: null,
  contact: { id: 3, name: 'Ana' },
  user: null,
  queue: null,
  participant: null,
  createdAt: new Date(Date.UTC(2024, 4, 10, 12, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2024, 4, 10, 12, id)).toISOString(),
  ...fields,
});

export const aTicket = (fields: Partial<Ticket> = {}): Ticket => ({
  id: 7,
  uuid: 'a6f1c1de-0000-4000-8000-000000000007',
  status: 'open',
  companyId: 1,
  contactId: 3,
  contact: {
    id: 3,
    name: 'Ana',
    number: '5511999990000',
    urlPicture: null,
    isGroup: false,
    channel: 'whatsapp',
  },
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Main', channel: 'whatsapp', groupAsTicket: 'disabled' },
  queueId: null,
  queue: null,
  userId: 2,
  user: { id: 2, name: 'Bia' },
  channel: 'whatsapp',
  lastMessage: '',
  unreadMessages: 0,
  isBot: false,
  isGroup: false,
  useIntegration: false,
  amountUsedBotQueues: 0,
  tags: [],
  userRating: null,
  createdAt: '2024-05-10T12:00:00.000Z',
  updatedAt: '2024-05-10T12:00:00.000Z',
  ...fields,
});

/** Pages newest first, as the infinite query keeps them. */
export const listOf = (...pages: ChatMessage[][]): MessagesList => ({
  pages: pages.map((messages, i) => ({ messages, count: 0, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});
