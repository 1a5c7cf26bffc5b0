import { describe, expect, expectTypeOf, it } from 'vitest';
import { events, matches, type TicketEvent, type UserEvent } from './realtime';

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
