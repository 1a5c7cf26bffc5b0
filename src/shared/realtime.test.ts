import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  deliveredTo,
  events,
  matches,
  type Publication,
  rooms,
  type TicketEvent,
  type UserEvent,
} from './realtime';
import type { TicketScope, Viewer } from './ticket-visibility';

describe('matches', () => {
  it('takes an event off the wire for the one its name names, of that company only', () => {
    const payload: unknown = { action: 'delete', userId: 2 };
    expect(matches(events.user(1), 'company-1-user', payload)).toBe(true);
    expect(matches(events.user(1), 'company-2-user', payload)).toBe(false);
    expect(matches(events.user(1), 'company-1-settings', payload)).toBe(false);
    expect(matches(events.tag(1), 'company1-tag', payload)).toBe(true);
  });

  it('narrows the payload to the type the table gives that event’s listeners', () => {
    const payload: unknown = { action: 'updateUnread', ticketId: 7 };
    if (matches(events.ticket(1), 'company-1-ticket', payload))
      expectTypeOf(payload).toEqualTypeOf<TicketEvent>();
    if (matches(events.user(1), 'company-1-user', payload)) expectTypeOf(payload).toEqualTypeOf<UserEvent>();
  });
});

describe('a publication relayed between servers', () => {
  const attendant: Viewer = {
    id: 5,
    companyId: 1,
    profile: 'user',
    super: false,
    allTicket: 'disable',
    allowGroup: false,
    allHistoric: 'disabled',
    allUserChat: 'disabled',
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    userClosePendingTicket: 'disabled',
    queueIds: [10],
  };
  /** As the receiving server reads it: the JSON the relay carries. */
  const relayed = (scope: Partial<TicketScope>) =>
    JSON.parse(
      JSON.stringify({
        kind: 'ticket',
        companyId: 1,
        to: rooms.company(1),
        data: {
          action: 'updateUnread',
          ticketId: 7,
          scope: { companyId: 1, status: 'pending', userId: null, queueId: 10, isGroup: false, ...scope },
        },
      } satisfies Publication<'ticket'>),
    ) as Publication;
  const payloadFor = (publication: Publication, viewer: Viewer) => deliveredTo(publication, viewer).payload;

  it('reaches a user of the ticket’s queue, and nothing of it a user without the queue', () => {
    expect(payloadFor(relayed({}), attendant)).toEqual({ action: 'updateUnread', ticketId: 7 });
    expect(payloadFor(relayed({}), { ...attendant, queueIds: [11] })).toBeUndefined();
  });

  it('reaches a user with allTicket for a ticket without a queue, and not one without it', () => {
    const noQueue = relayed({ queueId: null });
    expect(payloadFor(noQueue, { ...attendant, allTicket: 'enable' })).toEqual({
      action: 'updateUnread',
      ticketId: 7,
    });
    expect(payloadFor(noQueue, attendant)).toBeUndefined();
  });

  it('keeps a group ticket from a user without allowGroup', () => {
    const group = relayed({ isGroup: true });
    expect(payloadFor(group, attendant)).toBeUndefined();
    expect(payloadFor(group, { ...attendant, allowGroup: true })).toEqual({
      action: 'updateUnread',
      ticketId: 7,
    });
  });
});
