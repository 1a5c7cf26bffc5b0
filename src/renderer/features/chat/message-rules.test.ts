// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MESSAGE_EDIT_WINDOW_MS } from '../../../shared/api/messages';
import { aMessage } from '../../test/builders';
import { ackState, canDeleteMessage, canEditMessage } from './message-rules';

const sentAt = Date.parse('2024-05-10T12:00:00.000Z');
const own = aMessage(1, {
  fromMe: true,
  user: { id: 2, name: 'Bia' },
  createdAt: new Date(sentAt).toISOString(),
});

describe('editing and deleting messages', () => {
  it('lets the author edit a text message within 15 minutes', () => {
    expect(canEditMessage(own, 2, sentAt + MESSAGE_EDIT_WINDOW_MS)).toBe(true);
  });

  it('refuses to edit after 15 minutes', () => {
    expect(canEditMessage(own, 2, sentAt + MESSAGE_EDIT_WINDOW_MS + 1)).toBe(false);
  });

  it("refuses to edit another attendant's, the contact's, a deleted or a media message", () => {
    expect(canEditMessage(own, 9, sentAt)).toBe(false);
    expect(canEditMessage({ ...own, fromMe: false }, 2, sentAt)).toBe(false);
    expect(canEditMessage({ ...own, isDeleted: true }, 2, sentAt)).toBe(false);
    expect(canEditMessage({ ...own, mediaType: 'image' }, 2, sentAt)).toBe(false);
  });

  it('lets only the author delete, at any time', () => {
    expect(canDeleteMessage(own, 2)).toBe(true);
    expect(canDeleteMessage(own, 9)).toBe(false);
    expect(canDeleteMessage({ ...own, fromMe: false, user: null }, 2)).toBe(false);
  });

  it('offers no action on a bubble the server has not confirmed', () => {
    const bubble = {
      ...own,
      local: {
        state: 'failed' as const,
        outgoing: { ticketId: 7, clientId: 'c', body: 'x', isPrivate: false, quotedMsg: null },
      },
    };
    expect(canEditMessage(bubble, 2, sentAt)).toBe(false);
    expect(canDeleteMessage(bubble, 2)).toBe(false);
  });
});

describe('ack icons', () => {
  it('maps 0 clock, 1 sent, 2 delivered, 3 and 4 read, 5 played', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackState)).toEqual([
      'pending',
      'sent',
      'delivered',
      'read',
      'read',
      'played',
    ]);
  });
});
