import { type AppMessageEvent, events, matches } from '../shared/realtime';
import { concernsViewer } from '../shared/ticket-visibility';
import type { SignedInUser } from './cache/sync-engine';
import type { Messages } from './messages';

/** What one ticket's native notification says. */
export interface NotificationContent {
  title: string;
  body: string;
}

/** The part of a shown Electron Notification the notifier needs. */
export interface ShownNotification {
  close(): void;
}

export interface NotificationsOptions {
  /** The signed-in user (with the company's settings) and their viewer; null while signed out. */
  signedIn(): SignedInUser | null;
  /** Whether the user is looking at the app (the bell and the chime are enough then). */
  focused(): boolean;
  /** Shows a silent native notification (the renderer's chime plays at the chosen volume). */
  show(content: NotificationContent, onClick: () => void): ShownNotification;
  /** Brings the window forward and opens the ticket. */
  open(ticketUuid: string): void;
  text(): Messages;
}

const MAX_BODY = 120;

/**
 * Whether a new message earns a native notification: a contact's message (never the user's own, nor a
 * colleague's reply) on a ticket that is the user's or waits for them, a waiting one only with the
 * company's showNotificationPending (1-attendance §6), while the app is not in front.
 */
export function notifies(event: AppMessageEvent, { user, viewer }: SignedInUser, focused: boolean): boolean {
  if (focused || event.action !== 'create' || event.message.fromMe) return false;
  if (event.message.user?.id === viewer.id || !concernsViewer(event.ticket, viewer)) return false;
  const showPending = user.company.companieSettings.showNotificationPending === 'enabled';
  return event.ticket.status !== 'pending' || showPending;
}

/**
 * Native notifications for new messages: one per ticket, replaced by each new message (saying how many
 * arrived) rather than a stack; clicking opens the ticket; gone once the ticket is read or left.
 */
export function createNotifications(options: NotificationsOptions) {
  const shown = new Map<number, { notification: ShownNotification; count: number }>();

  function dismiss(ticketId: number) {
    shown.get(ticketId)?.notification.close();
    shown.delete(ticketId);
  }

  function notify(event: Exclude<AppMessageEvent, { action: 'delete' }>) {
    const { ticket, message } = event;
    const previous = shown.get(ticket.id);
    previous?.notification.close();
    const count = (previous?.count ?? 0) + 1;
    const text = message.body.length > MAX_BODY ? `${message.body.slice(0, MAX_BODY - 1)}…` : message.body;
    const body = count > 1 ? `${text}\n${options.text().newMessages(count)}` : text;
    const notification = options.show({ title: ticket.contact.name, body }, () => {
      dismiss(ticket.id);
      options.open(ticket.uuid);
    });
    shown.set(ticket.id, { notification, count });
  }

  return {
    /** Every server event main receives. */
    onEvent(event: string, payload: unknown) {
      const signedIn = options.signedIn();
      if (!signedIn) return;
      const { companyId } = signedIn.viewer;
      if (matches(events.appMessage(companyId), event, payload)) {
        if (payload.action === 'create' && notifies(payload, signedIn, options.focused())) notify(payload);
      } else if (matches(events.ticket(companyId), event, payload)) {
        // Read, deleted or no longer the user's: its notification has nothing left to say.
        if (payload.action !== 'update') dismiss(payload.ticketId);
        else if (!concernsViewer(payload.ticket, signedIn.viewer) || payload.ticket.unreadMessages === 0)
          dismiss(payload.ticket.id);
      }
    },
    /** The session ended. */
    clear() {
      for (const ticketId of [...shown.keys()]) dismiss(ticketId);
    },
  };
}
