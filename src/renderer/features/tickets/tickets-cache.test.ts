// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import type { AppMessageEvent } from '../../../shared/realtime';
import { aMessage, aTicket, aTicketsList, aViewer } from '../../test/builders';
import {
  applyContactToList,
  applyNewMessage,
  applyNewMessageToBell,
  applyTicketEvent,
  applyTicketEventToBell,
  flattenTickets,
  listQuery,
  qualifiesForBell,
  ringsFor,
  type TicketListFilters,
  type TicketsList,
  ticketsKeys,
} from './tickets-cache';

const ids = (list: TicketsList) => flattenTickets(list).map((t) => t.id);
const openList: TicketListFilters = { status: 'open', showAll: false, queueIds: [10] };
const pendingList: TicketListFilters = { status: 'pending', showAll: false, queueIds: [10] };
const me = aViewer();
const update = (ticket: Ticket) => ({ action: 'update' as const, ticket });

describe('a live ticket list receiving ticket updates (1-attendance §4)', () => {
  it('adds a ticket of its status that the user may see, on top', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)]);
    const next = applyTicketEvent(list, update(aTicket(3)), openList, me);
    expect(ids(next)).toEqual([3, 1, 2]);
    expect(next.pages[0].count).toBe(3);
  });

  it('leaves out a ticket of another status', () => {
    const list = aTicketsList([aTicket(1)]);
    expect(applyTicketEvent(list, update(aTicket(3, { status: 'pending' })), openList, me)).toBe(list);
  });

  it("leaves out another user's ticket unless show-all applies", () => {
    const theirs = aTicket(3, { userId: 2, user: { id: 2, name: 'Bia' } });
    const list = aTicketsList([aTicket(1)]);
    expect(ids(applyTicketEvent(list, update(theirs), openList, me))).toEqual([1]);
    expect(ids(applyTicketEvent(list, update(theirs), { ...openList, showAll: true }, me))).toEqual([1]);
    const allUserChat = aViewer({ allUserChat: 'enabled' });
    expect(ids(applyTicketEvent(list, update(theirs), { ...openList, showAll: true }, allUserChat))).toEqual([
      3, 1,
    ]);
  });

  it('takes in an unowned waiting ticket of a selected queue', () => {
    const waiting = aTicket(3, { status: 'pending', userId: null, user: null });
    expect(ids(applyTicketEvent(aTicketsList([]), update(waiting), pendingList, me))).toEqual([3]);
  });

  it('takes in a ticket without a queue only for users who may see all tickets (allTicket)', () => {
    const noQueue = aTicket(3, { status: 'pending', userId: null, user: null, queueId: null, queue: null });
    expect(ids(applyTicketEvent(aTicketsList([]), update(noQueue), pendingList, me))).toEqual([]);
    const allTicket = aViewer({ allTicket: 'enable' });
    expect(ids(applyTicketEvent(aTicketsList([]), update(noQueue), pendingList, allTicket))).toEqual([3]);
  });

  it('removes a ticket whose queue is not selected', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)]);
    const moved = aTicket(2, { queueId: 20, queue: { id: 20, name: 'Support', color: '#00f' } });
    const next = applyTicketEvent(list, update(moved), openList, me);
    expect(ids(next)).toEqual([1]);
    expect(next.pages[0].count).toBe(1);
  });

  it('removes a ticket whose status changed (accepted, resolved, returned to the queue)', () => {
    const list = aTicketsList([aTicket(1, { status: 'pending', userId: null })]);
    expect(ids(applyTicketEvent(list, update(aTicket(1)), pendingList, me))).toEqual([]);
  });

  it('replaces a ticket where it stands when no direction is given', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)], [aTicket(3)]);
    const next = applyTicketEvent(list, update(aTicket(3, { lastMessage: 'bye' })), openList, me);
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(flattenTickets(next)[2].lastMessage).toBe('bye');
  });

  it('sorts by updatedAt descending or ascending when a direction is given', () => {
    const list = aTicketsList([aTicket(5), aTicket(3), aTicket(1)]);
    const newer = aTicket(1, { updatedAt: '2024-05-02T00:00:00.000Z' });
    expect(ids(applyTicketEvent(list, update(newer), { ...openList, sortTickets: 'DESC' }, me))).toEqual([
      1, 5, 3,
    ]);
    const ascending = aTicketsList([aTicket(1), aTicket(3), aTicket(5)]);
    expect(
      ids(applyTicketEvent(ascending, update(aTicket(4)), { ...openList, sortTickets: 'ASC' }, me)),
    ).toEqual([1, 3, 4, 5]);
  });

  it('removes a deleted ticket from any page', () => {
    const list = aTicketsList([aTicket(1)], [aTicket(2)]);
    expect(ids(applyTicketEvent(list, { action: 'delete', ticketId: 2 }, openList, me))).toEqual([1]);
  });

  it('clears the unread badge on an unread reset', () => {
    const list = aTicketsList([aTicket(1, { unreadMessages: 4 })]);
    const next = applyTicketEvent(list, { action: 'updateUnread', ticketId: 1 }, openList, me);
    expect(flattenTickets(next)[0].unreadMessages).toBe(0);
  });

  it('keeps page sizes so later pages still line up', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)], [aTicket(3), aTicket(4)]);
    const next = applyTicketEvent(list, update(aTicket(9)), openList, me);
    expect(next.pages.map((p) => p.tickets.map((t) => t.id))).toEqual([
      [9, 1, 2],
      [3, 4],
    ]);
  });
});

describe('a new message on a ticket', () => {
  it('moves the ticket to the top with its new last message and unread count', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)], [aTicket(3)]);
    const next = applyNewMessage(list, aTicket(3, { lastMessage: 'new', unreadMessages: 2 }), openList, me);
    expect(ids(next)).toEqual([3, 1, 2]);
    expect(flattenTickets(next)[0]).toMatchObject({ lastMessage: 'new', unreadMessages: 2 });
  });

  it('moves it to the top even when the list is sorted ascending', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)]);
    const next = applyNewMessage(
      list,
      aTicket(2, { unreadMessages: 1 }),
      { ...openList, sortTickets: 'ASC' },
      me,
    );
    expect(ids(next)).toEqual([2, 1]);
  });
});

describe('a contact that changed', () => {
  it('shows its new name on each of its tickets and leaves a list without them as it was', () => {
    const list = aTicketsList([aTicket(1), aTicket(2)]);
    const renamed = { ...aTicket(2).contact, name: 'Ana Souza' };
    expect(flattenTickets(applyContactToList(list, renamed)).map((t) => t.contact.name)).toEqual([
      'Contact 1',
      'Ana Souza',
    ]);
    expect(applyContactToList(list, { ...renamed, id: 99 })).toBe(list);
  });
});

describe('a search list', () => {
  const search: TicketListFilters = { showAll: false, queueIds: [10], searchParam: 'ana' };

  it('never takes in tickets it did not find', () => {
    const list = aTicketsList([aTicket(1)]);
    expect(applyTicketEvent(list, update(aTicket(2)), search, me)).toBe(list);
  });

  it('keeps the tickets it found up to date, whatever their status', () => {
    const list = aTicketsList([aTicket(1)]);
    const closed = aTicket(1, { status: 'closed' });
    expect(flattenTickets(applyTicketEvent(list, update(closed), search, me))[0].status).toBe('closed');
  });

  it('drops a found ticket that leaves the status filter', () => {
    const list = aTicketsList([aTicket(1)]);
    const closed = aTicket(1, { status: 'closed' });
    expect(ids(applyTicketEvent(list, update(closed), { ...search, statusFilter: ['open'] }, me))).toEqual(
      [],
    );
  });
});

describe('the list filters', () => {
  it('reset the list on any change: a different filter set is a different cached list', () => {
    expect(ticketsKeys.list(openList)).not.toEqual(ticketsKeys.list({ ...openList, showAll: true }));
    expect(ticketsKeys.list(openList)).not.toEqual(ticketsKeys.list({ ...openList, queueIds: [10, 20] }));
    expect(ticketsKeys.list(openList)).not.toEqual(ticketsKeys.list({ ...openList, sortTickets: 'ASC' }));
  });

  it('name the same list whatever order the queues were picked in', () => {
    expect(ticketsKeys.list({ ...openList, queueIds: [20, 10] })).toEqual(
      ticketsKeys.list({ ...openList, queueIds: [10, 20, 10] }),
    );
  });

  it('travel to GET /tickets as the spec names them, lists as JSON text', () => {
    expect(
      listQuery(
        {
          showAll: true,
          queueIds: [2, 1],
          searchParam: ' maria ',
          searchOnMessages: true,
          users: [5],
          statusFilter: ['pending', 'open'],
          tags: [9, 7],
          whatsapps: [4],
        },
        { pageNumber: 3, cursor: 'next' },
      ),
    ).toEqual({
      pageNumber: 3,
      cursor: 'next',
      searchParam: 'maria',
      status: undefined,
      showAll: true,
      queueIds: '[1,2]',
      users: '[5]',
      statusFilter: '["open","pending"]',
      tags: '[7,9]',
      whatsapps: '[4]',
      sortTickets: undefined,
      searchOnMessages: true,
    });
  });
});

describe('the notification bell', () => {
  const unread = aTicket(1, { unreadMessages: 2 });

  it('lists the user’s conversations with unread messages, and waiting ones only with showNotificationPending', () => {
    expect(qualifiesForBell(unread, me, false)).toBe(true);
    expect(qualifiesForBell(aTicket(2), me, false)).toBe(false);
    const waiting = aTicket(3, { status: 'pending', userId: null, user: null });
    expect(qualifiesForBell(waiting, me, false)).toBe(false);
    expect(qualifiesForBell(waiting, me, true)).toBe(true);
    expect(qualifiesForBell(aTicket(4, { unreadMessages: 1, userId: 2 }), me, false)).toBe(false);
  });

  it('drops a ticket on an unread reset or a delete', () => {
    const bell = [unread, aTicket(2, { unreadMessages: 1 })];
    expect(
      applyTicketEventToBell(bell, { action: 'updateUnread', ticketId: 1 }, me, false).map((t) => t.id),
    ).toEqual([2]);
    expect(
      applyTicketEventToBell(bell, { action: 'delete', ticketId: 2 }, me, false).map((t) => t.id),
    ).toEqual([1]);
  });

  it('drops a ticket that was closed and takes in one that now has unread messages', () => {
    const bell = [unread];
    expect(
      applyTicketEventToBell(bell, update(aTicket(1, { status: 'closed', unreadMessages: 2 })), me, false),
    ).toEqual([]);
    expect(
      applyTicketEventToBell(bell, update(aTicket(5, { unreadMessages: 1 })), me, false).map((t) => t.id),
    ).toEqual([5, 1]);
  });

  it('puts the ticket of a new inbound message on top', () => {
    const bell = [unread, aTicket(2, { unreadMessages: 1 })];
    expect(
      applyNewMessageToBell(bell, aTicket(2, { unreadMessages: 2 }), me, false).map((t) => t.id),
    ).toEqual([2, 1]);
  });
});

describe('the new-message sound', () => {
  const created = (ticket: Ticket, more: Partial<Message> = {}): AppMessageEvent => ({
    action: 'create',
    message: aMessage(1, { ticketId: ticket.id, ...more }),
    ticket,
    contact: ticket.contact,
  });
  const elsewhere = { ticketUuid: null, pageVisible: true };

  it('rings for a contact’s message on the user’s ticket or a waiting one', () => {
    expect(ringsFor(created(aTicket(1)), me, elsewhere)).toBe(true);
    expect(ringsFor(created(aTicket(2, { status: 'pending', userId: null })), me, elsewhere)).toBe(true);
  });

  it('never rings for the user’s own messages', () => {
    expect(ringsFor(created(aTicket(1), { fromMe: true }), me, elsewhere)).toBe(false);
    expect(ringsFor(created(aTicket(1), { user: { id: 1, name: 'Ana' } }), me, elsewhere)).toBe(false);
  });

  it("does not ring for another user's ticket or for an edit", () => {
    expect(ringsFor(created(aTicket(1, { userId: 2 })), me, elsewhere)).toBe(false);
    expect(ringsFor({ ...created(aTicket(1)), action: 'update' } as AppMessageEvent, me, elsewhere)).toBe(
      false,
    );
  });

  it('stays quiet for the conversation on screen, but not when the page is hidden', () => {
    expect(ringsFor(created(aTicket(1)), me, { ticketUuid: 'uuid-1', pageVisible: true })).toBe(false);
    expect(ringsFor(created(aTicket(1)), me, { ticketUuid: 'uuid-1', pageVisible: false })).toBe(true);
  });
});
