import type { Announcement } from './api/announcements';
import type { Campaign, CampaignProgress } from './api/campaigns';
import type { ContactList, ContactListItem } from './api/contact-lists';
import type { ContactDetail } from './api/contacts';
import type { FileList } from './api/files';
import type { Message } from './api/messages';
import type { QueueSummary } from './api/queues';
import type { QuickMessage } from './api/quick-messages';
import type { Schedule } from './api/scheduled-messages';
import type { Tag } from './api/tags';
import type { Ticket } from './api/tickets';
import type { User } from './api/users';
import type { ImportMessagesEvent, WhatsappEvent, WhatsappSessionEvent } from './api/whatsapps';
import { can } from './permissions';
import { quickMessageVisibleTo } from './quick-message-rules';
import { scheduleVisibleTo } from './schedule-visibility';
import {
  mayViewTicket,
  presentContact,
  presentTicket,
  type TicketScope,
  type Viewer,
} from './ticket-visibility';

/** 3-automation §7: lists update live — create and update upsert an item, delete removes it by id. */
export type CampaignEvent =
  // The sender's events carry the run's figures too (the report fills live from them).
  | { action: 'create' | 'update'; record: Campaign; progress?: CampaignProgress }
  | { action: 'delete'; id: number };
export type ContactListEvent =
  | { action: 'create' | 'update'; record: ContactList }
  | { action: 'delete'; id: number };
export type ContactListItemEvent =
  | { action: 'create' | 'update'; record: ContactListItem }
  | { action: 'delete'; id: number; contactListId: number };

export type QueueEvent =
  | { action: 'create' | 'update'; queue: QueueSummary }
  | { action: 'delete'; queueId: number };

/** A quick message the socket's user may not see (any more) arrives as a delete. */
export type QuickMessageEvent =
  | { action: 'create' | 'update'; quickMessage: QuickMessage }
  | { action: 'delete'; quickMessageId: number };

/** A scheduled message the socket's user may not see (any more) arrives as a delete. */
export type ScheduleEvent =
  | { action: 'create' | 'update'; schedule: Schedule }
  | { action: 'delete'; scheduleId: number };

export type FileListEvent =
  | { action: 'create' | 'update'; files: FileList }
  | { action: 'delete'; fileId: number };

/** An announcement the socket's user may not see (inactive, not super) arrives as a delete. */
export type AnnouncementEvent =
  | { action: 'create' | 'update'; record: Announcement }
  | { action: 'delete'; id: number };

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

/** 2-administration §4.3: a Pix charge was paid; the company's subscription runs until `dueDate`. */
export interface PaymentEvent {
  action: 'CONCLUIDA';
  company: { id: number; dueDate: string };
}

export interface SettingsEvent {
  action: 'update';
  setting: { key: string; value: string };
}

/**
 * What the server publishes for the events each socket receives its own way (per-viewer rows below):
 * plain data, so any server can decide for its own sockets what each of them gets.
 */
export type TicketPublished =
  | { action: 'update'; ticket: Ticket; hideNumbers: boolean; before?: TicketScope }
  | { action: 'delete' | 'updateUnread'; ticketId: number; scope: TicketScope };

export interface AppMessagePublished {
  action: 'create' | 'update';
  message: Message;
  ticket: Ticket;
  hideNumbers: boolean;
}

export interface ContactPublished {
  event: ContactEvent;
  hideNumbers: boolean;
}

declare const payloadType: unique symbol;

/** An event's name on the wire, carrying the type of what its listeners receive. */
export type EventName<P> = string & { readonly [payloadType]: P };

/**
 * One row of the realtime table: how the event is named for a company, and — for events whose sockets
 * do not all receive the same — what one viewer receives of the published data (undefined: nothing).
 */
export interface EventRow<P, D> {
  name(companyId: number): EventName<P>;
  deliver?(data: D, viewer: Viewer): P | undefined;
}

const named =
  <P>(build: (companyId: number) => string) =>
  (companyId: number) =>
    build(companyId) as EventName<P>;

/** An event every socket of its rooms receives as published. */
const toAll = <P>(build: (companyId: number) => string): EventRow<P, P> => ({ name: named<P>(build) });

/** An event each socket of its rooms receives as `deliver` decides from the published data. */
const perViewer = <P, D>(
  build: (companyId: number) => string,
  deliver: (data: D, viewer: Viewer) => P | undefined,
): EventRow<P, D> => ({ name: named<P>(build), deliver });

/**
 * A ticket's new state to whoever may see it; a socket that could see it `before` the change but not
 * after gets a delete, so the ticket leaves its lists.
 */
function deliverTicket(data: TicketPublished, viewer: Viewer): TicketEvent | undefined {
  if (data.action !== 'update') {
    return mayViewTicket(viewer, data.scope) ? { action: data.action, ticketId: data.ticketId } : undefined;
  }
  if (mayViewTicket(viewer, data.ticket)) {
    return { action: 'update', ticket: presentTicket(data.ticket, viewer, data.hideNumbers) };
  }
  if (data.before && mayViewTicket(viewer, data.before))
    return { action: 'delete', ticketId: data.ticket.id };
  return undefined;
}

/** A message to those who may see its ticket, its contact's number as each may see it. */
function deliverAppMessage(data: AppMessagePublished, viewer: Viewer): AppMessageEvent | undefined {
  if (!mayViewTicket(viewer, data.ticket)) return undefined;
  const ticket = presentTicket(data.ticket, viewer, data.hideNumbers);
  return { action: data.action, message: data.message, ticket, contact: ticket.contact };
}

/** 1-attendance §6 lgpdHideNumber: each socket sees numbers as its user may. */
function deliverContact({ event, hideNumbers }: ContactPublished, viewer: Viewer): ContactEvent {
  return event.action === 'delete'
    ? event
    : { ...event, contact: presentContact(event.contact, viewer, hideNumbers) };
}

/** A quick message the viewer may not see reaches them as a delete (it leaves their list), or not at all. */
function deliverQuickMessage(event: QuickMessageEvent, viewer: Viewer): QuickMessageEvent | undefined {
  if (event.action === 'delete' || quickMessageVisibleTo(event.quickMessage, viewer.id)) return event;
  return event.action === 'update' ? { action: 'delete', quickMessageId: event.quickMessage.id } : undefined;
}

/** Schedules to those who see them (scheduleVisibleTo); one that left a viewer's sight leaves as a delete. */
function deliverSchedule(event: ScheduleEvent, viewer: Viewer): ScheduleEvent | undefined {
  if (event.action === 'delete' || scheduleVisibleTo(event.schedule, viewer)) return event;
  return event.action === 'update' ? { action: 'delete', scheduleId: event.schedule.id } : undefined;
}

/**
 * The super administrator's list holds every announcement; the other users' bells hold the active ones,
 * so one turned off leaves them as a delete (and an inactive one never reaches them).
 */
function deliverAnnouncement(event: AnnouncementEvent, viewer: Viewer): AnnouncementEvent | undefined {
  if (event.action === 'delete' || viewer.super || event.record.status) return event;
  return event.action === 'update' ? { action: 'delete', id: event.record.id } : undefined;
}

/** The QR code only to those who may act on connections (2-administration §6). */
function deliverSession(event: WhatsappSessionEvent, viewer: Viewer): WhatsappSessionEvent {
  if (can(viewer, 'connections-page:actionButtons')) return event;
  return { ...event, session: { ...event.session, qrcode: '' } };
}

/**
 * The realtime contract (1-attendance §7, 2-administration §7, 3-automation §7): every event the server
 * emits, its name per company and what its listeners receive. The server publishes only through it;
 * the clients read each payload's type from the event's name. A new domain adds a row.
 */
export const realtimeTable = {
  auth: toAll<AuthEvent>((c) => `company-${c}-auth`),
  user: toAll<UserEvent>((c) => `company-${c}-user`),
  settings: toAll<SettingsEvent>((c) => `company-${c}-settings`),
  ticket: perViewer((c) => `company-${c}-ticket`, deliverTicket),
  queue: toAll<QueueEvent>((c) => `company-${c}-queue`),
  appMessage: perViewer((c) => `company-${c}-appMessage`, deliverAppMessage),
  contact: perViewer((c) => `company-${c}-contact`, deliverContact),
  /** 3-automation §7: quick messages update their lists live. */
  quickMessage: perViewer((c) => `company-${c}-quickmessage`, deliverQuickMessage),
  /** 3-automation §7 spells this one without a dash after "company". */
  tag: toAll<TagEvent>((c) => `company${c}-tag`),
  /** 2-administration §7: connection rows and their sessions. */
  whatsapp: toAll<WhatsappEvent>((c) => `company-${c}-whatsapp`),
  whatsappSession: perViewer((c) => `company-${c}-whatsappSession`, deliverSession),
  /** 2-administration §7: a history import's progress, spelt without "company". */
  importMessages: toAll<ImportMessagesEvent>((c) => `importMessages-${c}`),
  /** 3-automation §7: file lists (action, files, fileId). */
  file: toAll<FileListEvent>((c) => `company-${c}-file`),
  /** 2-administration §7: a subscription's payment confirmed (action CONCLUIDA). */
  payment: toAll<PaymentEvent>((c) => `company-${c}-payment`),
  /** 1-attendance §7: the platform's announcements, one name for every company (published to rooms.platform). */
  announcement: perViewer(() => 'company-announcement', deliverAnnouncement),
  /** 3-automation §7: campaigns, their status and the report's progress (published to the company's admins). */
  campaign: toAll<CampaignEvent>((c) => `company-${c}-campaign`),
  contactList: toAll<ContactListEvent>((c) => `company-${c}-ContactList`),
  contactListItem: toAll<ContactListItemEvent>((c) => `company-${c}-ContactListItem`),
  /** 3-automation §7: scheduled messages update their lists and the calendar live. */
  schedule: perViewer((c) => `company-${c}-schedule`, deliverSchedule),
};

type Table = typeof realtimeTable;
export type EventKind = keyof Table;
/** What a listener of the event receives. */
export type PayloadOf<K extends EventKind> = Table[K] extends EventRow<infer P, infer _D> ? P : never;
/** What the server publishes for the event. */
export type PublishedOf<K extends EventKind> = Table[K] extends EventRow<infer _P, infer D> ? D : never;

/** Event names by kind, for listeners: `events.ticket(companyId)`. */
export const events = Object.fromEntries(
  Object.entries(realtimeTable).map(([kind, row]) => [kind, row.name]),
) as { [K in EventKind]: Table[K]['name'] };

/**
 * One event as the server publishes it: its kind, its company, the rooms it goes to and its data. Plain
 * data, so a relay between servers can carry it; each server applies the row's `deliver` to its sockets.
 */
export interface Publication<K extends EventKind = EventKind> {
  kind: K;
  companyId: number;
  to: string | readonly string[];
  data: PublishedOf<K>;
}

/** The event's name on the wire and what one viewer receives of it (undefined: nothing). */
export function deliveredTo(publication: Publication, viewer: Viewer | undefined) {
  const row: EventRow<unknown, unknown> = realtimeTable[publication.kind];
  const payload = row.deliver ? viewer && row.deliver(publication.data, viewer) : publication.data;
  return { name: row.name(publication.companyId), payload };
}

/**
 * Whether an event off the wire is the one `name` names, its payload then typed as the table says its
 * listeners receive. The one place wire data meets the table: trusted unchecked, since the server
 * publishes only through the table.
 */
export function matches<P>(name: EventName<P>, event: string, payload: unknown): payload is P {
  return event === name;
}

/** Whether every socket of a publication's rooms receives the same (no per-viewer rule). */
export const sameForAll = (publication: Publication) => realtimeTable[publication.kind].deliver === undefined;

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

/** Every event a client may emit, by name; the mapped type keeps it equal to ClientToServerEvents. */
export const clientEventNames: { readonly [E in keyof ClientToServerEvents]: E } = {
  joinNotification: 'joinNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinChatBox: 'joinChatBox',
  joinChatBoxLeave: 'joinChatBoxLeave',
  userStatus: 'userStatus',
};

/** Room names. A socket joins only rooms its user may see. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  companyAdmins: (companyId: number) => `company:${companyId}:admins`,
  user: (userId: number) => `user:${userId}`,
  /** The chat box of one ticket (joinChatBox): its messages. */
  ticket: (ticketId: number) => `ticket:${ticketId}`,
  /** Sockets that asked for new-message notifications (joinNotification). */
  notification: (companyId: number) => `company:${companyId}:notification`,
  /** Every signed-in socket of every company: the platform's own events (announcements). */
  platform: 'platform',
};

/** Reconnect policy of 1-attendance §4. */
export const REALTIME = { reconnectDelayMs: 1000, statusPingMs: 300_000 } as const;
