// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/bridge';
import { aTicket } from '../../test/builders';
import { belongsToSomeoneElse, otherOpenTicketFrom, otherOpenTicketOf } from './already-open';

describe('the conversation already going on for a contact (1-attendance §4)', () => {
  it('reads the 409 answer of POST /tickets, whose error is the existing ticket as JSON text', () => {
    const body = {
      error: JSON.stringify({
        id: 9,
        uuid: 'u-9',
        status: 'open',
        userId: 4,
        user: { id: 4, name: 'Bia' },
        queue: { id: 2, name: 'Support', color: '#00f' },
      }),
    };
    expect(otherOpenTicketOf(new ApiError(409, body))).toEqual({
      uuid: 'u-9',
      userId: 4,
      userName: 'Bia',
      queueName: 'Support',
    });
  });

  it('reads a waiting ticket without user or queue', () => {
    const body = { error: JSON.stringify({ id: 9, uuid: 'u-9', userId: null, user: null, queue: null }) };
    expect(otherOpenTicketOf(new ApiError(409, body))).toEqual({
      uuid: 'u-9',
      userId: null,
      userName: null,
      queueName: null,
    });
  });

  it('ignores any other failure', () => {
    expect(otherOpenTicketOf(new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET' }))).toBeNull();
    expect(otherOpenTicketOf(new ApiError(400, { error: JSON.stringify({ uuid: 'x' }) }))).toBeNull();
    expect(otherOpenTicketOf(new Error('offline'))).toBeNull();
  });

  it("tells another user's conversation (shown as information) from the user's own or a waiting one (opened)", () => {
    const theirs = otherOpenTicketFrom(aTicket(3, { userId: 4, user: { id: 4, name: 'Bia' } }));
    expect(theirs).toEqual({ uuid: 'uuid-3', userId: 4, userName: 'Bia', queueName: 'Sales' });
    expect(belongsToSomeoneElse(theirs, 1)).toBe(true);
    expect(belongsToSomeoneElse(theirs, 4)).toBe(false);
    expect(belongsToSomeoneElse({ ...theirs, userId: null }, 1)).toBe(false);
  });
});
