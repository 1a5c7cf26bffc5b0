import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aMessage, aTicket, aViewer } from '../../renderer/test/builders';
import type { Ticket } from '../../shared/api/tickets';
import { cachedMessagesPage, cachedTicketsPage } from './offline-lists';
import { type CacheStore, openCacheStore } from './store';

const stores: CacheStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function holding(tickets: Ticket[]) {
  const store = openCacheStore(':memory:', path.join(import.meta.dirname, 'migrations'));
  stores.push(store);
  store.apply(tickets.map((ticket) => ({ kind: 'ticket' as const, ticket })));
  return store;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute)).toISOString();
const ids = (page: { tickets: Ticket[] }) => page.tickets.map((t) => t.id);
const me = aViewer({ id: 5, profile: 'user' });

describe('lists answered from the cache', () => {
  it('chooses a list’s tickets by the live lists’ rules: status, own or waiting, selected queues', () => {
    const store = holding([
      aTicket(1, { status: 'pending', userId: null, queueId: 10, updatedAt: at(1) }),
      aTicket(2, { status: 'pending', userId: null, queueId: 20, updatedAt: at(2) }),
      aTicket(3, { status: 'open', userId: 5, queueId: 10, updatedAt: at(3) }),
      aTicket(4, { status: 'open', userId: 9, queueId: 10, updatedAt: at(4) }),
      aTicket(5, { status: 'open', userId: 5, queueId: 10, updatedAt: at(5) }),
    ]);
    const list = (status: string, showAll: boolean) =>
      ids(cachedTicketsPage(store, { status, showAll: String(showAll), queueIds: '[10]' }, me));
    expect(list('pending', false)).toEqual([1]);
    expect(list('open', false)).toEqual([5, 3]);
    expect(list('open', true)).toEqual([5, 3]);
    const allUserChat = aViewer({ id: 5, profile: 'user', allUserChat: 'enabled' });
    expect(
      ids(cachedTicketsPage(store, { status: 'open', showAll: 'true', queueIds: '[10]' }, allUserChat)),
    ).toEqual([5, 4, 3]);
  });

  it('answers 40 a page with the count and whether more follow, oldest first on request', () => {
    const store = holding(
      Array.from({ length: 45 }, (_, i) =>
        aTicket(i + 1, { status: 'open', userId: 5, queueId: 10, updatedAt: at(i) }),
      ),
    );
    const first = cachedTicketsPage(store, { status: 'open', queueIds: '[10]', pageNumber: '1' }, me);
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(ids(first).slice(0, 2)).toEqual([45, 44]);
    const second = cachedTicketsPage(store, { status: 'open', queueIds: '[10]', pageNumber: '2' }, me);
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect(ids(second)).toEqual([5, 4, 3, 2, 1]);
    const ascending = cachedTicketsPage(store, { status: 'open', queueIds: '[10]', sortTickets: 'ASC' }, me);
    expect(ids(ascending).slice(0, 2)).toEqual([1, 2]);
  });

  it('searches by contact name or number, and puts unread tickets first when asked', () => {
    const store = holding([
      aTicket(1, { userId: 5, updatedAt: at(1), unreadMessages: 2 }),
      aTicket(2, { userId: 5, updatedAt: at(2) }),
      aTicket(3, { userId: 5, updatedAt: at(3) }),
    ]);
    expect(ids(cachedTicketsPage(store, { searchParam: 'contact 2' }, me))).toEqual([2]);
    expect(ids(cachedTicketsPage(store, { searchParam: '99900003' }, me))).toEqual([3]);
    expect(ids(cachedTicketsPage(store, { withUnreadMessages: 'true' }, me))).toEqual([1, 3, 2]);
  });

  it('answers a held chat’s newest messages in reading order, and nothing for a chat not held', () => {
    const store = holding([aTicket(7)]);
    store.apply(
      Array.from({ length: 25 }, (_, i) => ({
        kind: 'message' as const,
        message: aMessage(i + 1),
        ticketUuid: 'uuid-7',
      })),
    );
    const page = cachedMessagesPage(store, 'uuid-7');
    expect(page).toMatchObject({ hasMore: true });
    expect(page!.messages.map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    expect(cachedMessagesPage(store, 'uuid-7', 2)!.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(cachedMessagesPage(store, 'uuid-8')).toBeNull();
  });
});
