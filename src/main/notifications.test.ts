import { describe, expect, it, vi } from 'vitest';
import { aMessage, aTicket, aViewer } from '../renderer/test/builders';
import type { SessionUser } from '../shared/api/auth';
import type { Message } from '../shared/api/messages';
import type { Ticket } from '../shared/api/tickets';
import type { AppMessageEvent } from '../shared/realtime';
import { viewerOfUser } from '../shared/ticket-visibility';
import type { SignedInUser } from './cache/sync-engine';
import { messagesFor } from './messages';
import { createNotifications, notifies } from './notifications';

const me = (showNotificationPending = 'disabled'): SignedInUser => {
  const user = {
    ...aViewer({ id: 5, profile: 'user' }),
    queues: [{ id: 10, name: 'Sales', color: '#ff0000' }],
    companyId: 1,
    company: { companieSettings: { showNotificationPending } },
  } as unknown as SessionUser;
  return { user, viewer: viewerOfUser(user) };
};

type NewMessage = Exclude<AppMessageEvent, { action: 'delete' }>;

const inbound = (ticket: Partial<Ticket> = {}, message: Partial<Message> = {}): NewMessage => {
  const t = aTicket(7, { userId: 5, status: 'open', ...ticket });
  return {
    action: 'create',
    message: aMessage(1, { body: 'Olá', ...message }),
    ticket: t,
    contact: t.contact,
  };
};

describe('which messages notify', () => {
  it('notifies a contact’s message on the user’s own ticket while the app is not in front', () => {
    expect(notifies(inbound(), me(), false)).toBe(true);
    expect(notifies(inbound(), me(), true)).toBe(false);
  });

  it('never notifies the user’s own messages, a colleague’s reply, edits, or another user’s ticket', () => {
    expect(notifies(inbound({}, { fromMe: true, user: { id: 5, name: 'Me' } }), me(), false)).toBe(false);
    expect(notifies(inbound({}, { fromMe: true, user: { id: 9, name: 'Bia' } }), me(), false)).toBe(false);
    expect(notifies({ ...inbound(), action: 'update' }, me(), false)).toBe(false);
    expect(notifies(inbound({ userId: 9 }), me(), false)).toBe(false);
  });

  it('notifies waiting tickets only with showNotificationPending', () => {
    const waiting = inbound({ status: 'pending', userId: null });
    expect(notifies(waiting, me('disabled'), false)).toBe(false);
    expect(notifies(waiting, me('enabled'), false)).toBe(true);
  });
});

describe('the notifications', () => {
  function setUp() {
    const shown: { title: string; body: string; close: ReturnType<typeof vi.fn>; click: () => void }[] = [];
    const open = vi.fn();
    const notifications = createNotifications({
      signedIn: () => me(),
      focused: () => false,
      show: (content, onClick) => {
        const entry = { ...content, close: vi.fn(), click: onClick };
        shown.push(entry);
        return entry;
      },
      open,
      text: () => messagesFor('en'),
    });
    return { shown, open, notifications };
  }

  it('keeps one per ticket, replaced by each new message and saying how many arrived', () => {
    const { shown, notifications } = setUp();
    notifications.onEvent('company-1-appMessage', inbound({}, { body: 'Olá' }));
    notifications.onEvent('company-1-appMessage', inbound({}, { id: 2, body: 'Ainda aí?' }));
    const other = aTicket(8);
    notifications.onEvent('company-1-appMessage', inbound({ ...other, userId: 5 }, { id: 3, body: 'Oi' }));
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      ['Contact 7', 'Olá'],
      ['Contact 7', 'Ainda aí?\n2 new messages'],
      ['Contact 8', 'Oi'],
    ]);
    expect(shown[0]!.close).toHaveBeenCalledOnce();
    expect(shown[1]!.close).not.toHaveBeenCalled();
  });

  it('opens the ticket when clicked, and goes away when the ticket is read', () => {
    const { shown, open, notifications } = setUp();
    notifications.onEvent('company-1-appMessage', inbound());
    shown[0]!.click();
    expect(open).toHaveBeenCalledWith('uuid-7');
    notifications.onEvent('company-1-appMessage', inbound({}, { id: 2 }));
    notifications.onEvent('company-1-ticket', { action: 'updateUnread', ticketId: 7 });
    expect(shown[1]!.close).toHaveBeenCalledOnce();
  });

  it('ignores other companies’ events and says nothing while signed out', () => {
    const { shown, notifications } = setUp();
    notifications.onEvent('company-2-appMessage', inbound());
    expect(shown).toEqual([]);
    const signedOut = createNotifications({
      signedIn: () => null,
      focused: () => false,
      show: () => ({ close: () => undefined }),
      open: () => undefined,
      text: () => messagesFor('en'),
    });
    expect(() => signedOut.onEvent('company-1-appMessage', inbound())).not.toThrow();
  });
});
