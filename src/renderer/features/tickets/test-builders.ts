import type { Ticket } from '../../../shared/api/tickets';
import { USER_DEFAULTS } from '../../../shared/api/users';
import type { TicketViewer } from './ticket-visibility';
import type { TicketsList } from './tickets-cache';

/** A ticket as GET /tickets answers it, for unit tests. */
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

/** A signed-in user as the inbox rules read it: profile user, queue 10, the spec's default flags. */
export function aViewer(more: Partial<TicketViewer> = {}): TicketViewer {
  return {
    ...USER_DEFAULTS,
    id: 1,
    profile: 'user',
    super: false,
    ...more,
  };
}

/** A cached infinite list, one array per page. */
export function listOf(...pages: Ticket[][]): TicketsList {
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  return {
    pages: pages.map((tickets, i) => ({ tickets, count, hasMore: i < pages.length - 1 })),
    pageParams: pages.map((_, i) => i + 1),
  };
}
