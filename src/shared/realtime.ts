import type { SessionUser } from './api/auth';
import type { ContactDetail } from './api/contacts';
import type { FileList } from './api/files';
import type { Message } from './api/messages';
import type { QueueSummary } from './api/queues';
import type { QuickMessage } from './api/quick-messages';
import type { Tag } from './api/tags';
import type { Ticket } from './api/tickets';
import type { User } from './api/users';
import type { ImportMessagesEvent, WhatsappEvent, WhatsappSessionEvent } from './api/whatsapps';

/** Event names of 1-attendance §7, built per company. */
export const events = {
  auth: (companyId: number) => `company-${companyId}-auth` as const,
  user: (companyId: number) => `company-${companyId}-user` as const,
  settings: (companyId: number) => `company-${companyId}-settings` as const,
  ticket: (companyId: number) => `company-${companyId}-ticket` as const,
  queue: (companyId: number) => `company-${companyId}-queue` as const,
  appMessage: (companyId: number) => `company-${companyId}-appMessage` as const,
  contact: (companyId: number) => `company-${companyId}-contact` as const,
  /** 3-automation §7: quick messages update their lists live. */
  quickMessage: (companyId: number) => `company-${companyId}-quickmessage` as const,
  /** 3-automation §7 spells this one without a dash after "company". */
  tag: (companyId: number) => `company${companyId}-tag` as const,
  /** 2-administration §7: connection rows and their sessions. */
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp` as const,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession` as const,
  /** 2-administration §7: a history import's progress, spelt without "company". */
  importMessages: (companyId: number) => `importMessages-${companyId}` as const,
  /** 3-automation §7: file lists (action, files, fileId). */
  file: (companyId: number) => `company-${companyId}-file` as const,
};

export type QueueEvent =
  | { action: 'create' | 'update'; queue: QueueSummary }
  | { action: 'delete'; queueId: number };

/** A quick message the socket's user may not see (any more) arrives as a delete. */
export type QuickMessageEvent =
  | { action: 'create' | 'update'; quickMessage: QuickMessage }
  | { action: 'delete'; quickMessageId: number };

export type FileListEvent =
  | { action: 'create' | 'update'; files: FileList }
  | { action: 'delete'; fileId: number };

export type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };

export type TicketEvent =
  | { action: 'update'; ticket: Ticket }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number };

export type AppMessageEvent =
  | { action: 'create' | 'update'; message: Message; ticket: Ticket; contact: Ticket['contact'] }
  | { action: 'delete'; messageId: number; ticketId: number };

export type ContactEvent =
  | { action: 'create' | 'update'; contact: ContactDetail }
  | { action: 'delete'; contactId: number };

export interface AuthEvent {
  action: 'update';
  user: { id: number };
  /** The sign-in that caused it; every other session of that user must log out. */
  sessionId: string;
}

export type UserEvent = { action: 'create' | 'update'; user: User } | { action: 'delete'; userId: number };

export interface SettingsEvent {
  action: 'update';
  setting: { key: string; value: string };
}

/** What a client may emit (rooms it joins, presence). */
export interface ClientToServerEvents {
  /** The optional acknowledgement tells the client the room is joined (true) or refused (false). */
  joinNotification: (ack?: (joined: boolean) => void) => void;
  joinTickets: (status: string) => void;
  leaveTickets: (status: string) => void;
  joinChatBox: (ticketId: string, ack?: (joined: boolean) => void) => void;
  joinChatBoxLeave: (ticketId: string, ack?: (left: boolean) => void) => void;
  userStatus: () => void;
}

/** Realtime event payloads by event-name prefix, for typed subscriptions. */
export interface RealtimePayloads {
  auth: AuthEvent;
  user: UserEvent;
  settings: SettingsEvent;
  ticket: TicketEvent;
  queue: QueueEvent;
  appMessage: AppMessageEvent;
  contact: ContactEvent;
  quickMessage: QuickMessageEvent;
  tag: TagEvent;
  whatsapp: WhatsappEvent;
  whatsappSession: WhatsappSessionEvent;
  importMessages: ImportMessagesEvent;
  file: FileListEvent;
}

export type SessionUserLike = Pick<SessionUser, 'id' | 'companyId' | 'profile' | 'super'>;

/** Room names. A socket joins only rooms its user may see. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  companyAdmins: (companyId: number) => `company:${companyId}:admins`,
  user: (userId: number) => `user:${userId}`,
  /** The chat box of one ticket (joinChatBox): its messages. */
  ticket: (ticketId: number) => `ticket:${ticketId}`,
  /** Sockets that asked for new-message notifications (joinNotification). */
  notification: (companyId: number) => `company:${companyId}:notification`,
};

/** Reconnect policy of 1-attendance §4. */
export const REALTIME = { reconnectDelayMs: 1000, statusPingMs: 300_000 } as const;
