import type { InfiniteData } from '@tanstack/react-query';
import type { Message } from '../../shared/api/messages';
import type { QuickMessage } from '../../shared/api/quick-messages';
import type { Ticket } from '../../shared/api/tickets';
import { USER_DEFAULTS, type User } from '../../shared/api/users';
import type { Viewer } from '../../shared/ticket-visibility';
import type { ChatMessage, MessagesList } from '../features/chat/messages-cache';
import type { TicketsList } from '../features/tickets/tickets-cache';
import type { UsersList } from '../features/users/users-cache';

/** A ticket as GET /tickets answers it. */
export function aTicket(id: number, more: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    companyId: 1,
    contactId: id,
    contact: {
      id,
      name: `Contact ${id}`,
      number: `55119990000${id}`,
      urlPicture: null,
      isGroup: false,
      channel: 'whatsapp',
    },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Main', channel: 'whatsapp', groupAsTicket: 'disabled' },
    queueId: 10,
    queue: { id: 10, name: 'Sales', color: '#ff0000' },
    userId: 1,
    user: { id: 1, name: 'Ana' },
    channel: 'whatsapp',
    lastMessage: 'hello',
    lastMessageAuthor: null,
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    amountUsedBotQueues: 0,
    tags: [],
    userRating: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: `2024-05-01T10:${String(id).padStart(2, '0')}:00.000Z`,
    ...more,
  };
}

/** A message of ticket 7 from its contact Ana, sent `id` minutes after 12:00 on 10 May 2024. */
export function aMessage(id: number, more: Partial<Message> = {}): Message {
  const at = new Date(Date.UTC(2024, 4, 10, 12, id)).toISOString();
  return {
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
    createdAt: at,
    updatedAt: at,
    ...more,
  };
}

/** A user as GET /users answers it: a plain user with the spec's default flags and no queues. */
export function aUser(id: number, more: Partial<User> = {}): User {
  return {
    ...USER_DEFAULTS,
    id,
    companyId: 1,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    profile: 'user',
    super: false,
    profileImage: null,
    online: false,
    whatsappId: null,
    queues: [],
    twoFactor: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...more,
  };
}

/** A quick message of user 1 in company 1: personal, shared, without attachment. */
export function aQuickMessage(id: number, shortcode: string, message = ''): QuickMessage {
  return {
    id,
    companyId: 1,
    userId: 1,
    shortcode,
    message,
    geral: false,
    visao: true,
    mediaPath: null,
    mediaName: null,
    isMedia: false,
  };
}

/** A signed-in user as the inbox rules read it: user 1, profile user, the spec's default flags. */
export function aViewer(more: Partial<Viewer> = {}): Viewer {
  return { ...USER_DEFAULTS, id: 1, companyId: 1, profile: 'user', super: false, queueIds: [10], ...more };
}

/** A cached infinite list: the pages numbered from 1, each but the last with more to load. */
function infiniteList<Item, Page>(
  pages: Item[][],
  page: (items: Item[], hasMore: boolean) => Page,
): InfiniteData<Page, number> {
  return {
    pages: pages.map((items, i) => page(items, i < pages.length - 1)),
    pageParams: pages.map((_, i) => i + 1),
  };
}

export function aTicketsList(...pages: Ticket[][]): TicketsList {
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  return infiniteList(pages, (tickets, hasMore) => ({ tickets, count, hasMore }));
}

/** Pages newest first, as the messages query keeps them. */
export const aMessagesList = (...pages: ChatMessage[][]): MessagesList => ({
  ...infiniteList(pages, (messages, hasMore) => ({ messages, count: 0, hasMore })),
  pageParams: pages.map((_, i) => ({ pageNumber: i + 1 })),
});

export const aUsersList = (...pages: User[][]): UsersList =>
  infiniteList(pages, (users, hasMore) => ({ users, count: 0, hasMore }));
