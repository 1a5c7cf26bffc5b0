// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aMessage, aMessagesList, aTicket } from '../../test/builders';
import {
  addPending,
  applyCaughtUpMessage,
  applyMessageEvent,
  type ChatMessage,
  discardPending,
  flattenMessages,
  setPendingState,
  upsertMessage,
} from './messages-cache';

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

const pending = (clientId: string, body: string): ChatMessage => ({
  ...aMessage(0, { clientId, body, fromMe: true, createdAt: new Date().toISOString() }),
  local: {
    state: 'sending',
    outgoing: { ticketId: 7, clientId, body, isPrivate: false, quotedMsg: null },
  },
});

const event = (action: 'create' | 'update', message: ReturnType<typeof aMessage>) => {
  const ticket = aTicket(7);
  return { action, message, ticket, contact: ticket.contact };
};

describe('the cached messages of a ticket', () => {
  it('reads oldest first across pages counted from the newest', () => {
    const list = aMessagesList([aMessage(3), aMessage(4)], [aMessage(1), aMessage(2)]);
    expect(ids(flattenMessages(list))).toEqual([1, 2, 3, 4]);
  });

  it('shows a message once when a later page repeats it after new messages shifted the pages', () => {
    const list = aMessagesList([aMessage(3), aMessage(4), aMessage(5)], [aMessage(2), aMessage(3)]);
    expect(ids(flattenMessages(list))).toEqual([2, 3, 4, 5]);
  });

  it('orders by time whatever order the events came in', () => {
    let list = aMessagesList([aMessage(2)]);
    list = applyMessageEvent(list, event('create', aMessage(4)));
    list = applyMessageEvent(list, event('create', aMessage(3)));
    expect(ids(flattenMessages(list))).toEqual([2, 3, 4]);
  });

  it('adds a created message to the newest page', () => {
    const list = applyMessageEvent(aMessagesList([aMessage(2)], [aMessage(1)]), event('create', aMessage(3)));
    expect(ids(list.pages[0].messages)).toEqual([2, 3]);
    expect(ids(list.pages[1].messages)).toEqual([1]);
  });

  it('does not add a message twice when its event follows the answer to our send', () => {
    const mine = aMessage(5, { fromMe: true, clientId: 'c-1' });
    let list = upsertMessage(aMessagesList([aMessage(4)]), mine);
    list = applyMessageEvent(list, event('create', mine));
    expect(ids(flattenMessages(list))).toEqual([4, 5]);
  });

  it('replaces our sending bubble with the server message carrying the same clientId', () => {
    let list = addPending(aMessagesList([aMessage(4)]), pending('c-1', 'hello'));
    expect(flattenMessages(list).at(-1)?.local?.state).toBe('sending');
    list = applyMessageEvent(
      list,
      event('create', aMessage(5, { fromMe: true, clientId: 'c-1', body: 'hello' })),
    );
    const messages = flattenMessages(list);
    expect(ids(messages)).toEqual([4, 5]);
    expect(messages[1].local).toBeUndefined();
  });

  it('keeps our unconfirmed bubbles after the confirmed messages', () => {
    let list = addPending(aMessagesList([aMessage(4)]), pending('c-1', 'hello'));
    list = applyMessageEvent(list, event('create', aMessage(5)));
    expect(flattenMessages(list).map((m) => m.clientId ?? m.id)).toEqual([4, 5, 'c-1']);
  });

  it('marks a failed bubble and sends it again on retry, or drops it when discarded', () => {
    let list = addPending(aMessagesList([]), pending('c-1', 'hello'));
    list = setPendingState(list, 'c-1', 'failed');
    expect(flattenMessages(list)[0].local?.state).toBe('failed');
    list = setPendingState(list, 'c-1', 'sending');
    expect(flattenMessages(list)[0].local?.state).toBe('sending');
    expect(flattenMessages(discardPending(list, 'c-1'))).toEqual([]);
  });

  it('applies an update (an ack, an edit, a delete) where the message stands, on any page', () => {
    const list = aMessagesList([aMessage(3)], [aMessage(1, { fromMe: true, ack: 1 })]);
    const updated = applyMessageEvent(
      list,
      event('update', aMessage(1, { fromMe: true, ack: 3, updatedAt: '2024-05-10T13:00:00.000Z' })),
    );
    expect(updated.pages[1].messages[0].ack).toBe(3);
  });

  it('never lowers an ack when an older copy arrives last', () => {
    const sent = aMessage(1, { fromMe: true, ack: 1 });
    let list = applyMessageEvent(aMessagesList([sent]), event('update', { ...sent, ack: 3 }));
    list = upsertMessage(list, sent);
    expect(flattenMessages(list)[0].ack).toBe(3);
  });

  it('keeps an edit when the copy from before the edit arrives after it', () => {
    const original = aMessage(1, { fromMe: true });
    const edited = { ...original, body: 'fixed', isEdited: true, updatedAt: '2024-05-10T13:00:00.000Z' };
    const list = upsertMessage(
      applyMessageEvent(aMessagesList([original]), event('update', edited)),
      original,
    );
    expect(flattenMessages(list)[0].body).toBe('fixed');
  });

  it('leaves an update of a message it never loaded alone', () => {
    const list = aMessagesList([aMessage(3)]);
    expect(applyMessageEvent(list, event('update', aMessage(1)))).toBe(list);
  });

  it('removes a message on a delete event', () => {
    const list = aMessagesList([aMessage(2), aMessage(3)], [aMessage(1)]);
    expect(
      ids(flattenMessages(applyMessageEvent(list, { action: 'delete', messageId: 1, ticketId: 7 }))),
    ).toEqual([2, 3]);
  });
});

describe('messages a catch-up brought', () => {
  it('adds a new message to the newest page and replaces the copy of one already shown', () => {
    const list = aMessagesList([aMessage(1), aMessage(2)]);
    const next = applyCaughtUpMessage(
      applyCaughtUpMessage(list, aMessage(3)),
      aMessage(2, { body: 'edited', isEdited: true }),
    );
    expect(flattenMessages(next).map((m) => m.body)).toEqual(['message 1', 'edited', 'message 3']);
  });

  it('leaves an older message that was never loaded unloaded', () => {
    const list = aMessagesList([aMessage(5), aMessage(6)]);
    expect(applyCaughtUpMessage(list, aMessage(1, { isEdited: true }))).toBe(list);
  });
});
