import { formatClock, formatDay } from '../../app/dates';
import type { ChatMessage } from './messages-cache';

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: string };

export interface Reaction {
  emoji: string;
  fromMe: boolean;
}

/**
 * One row of the chat: a message, with the day separator above it when it is the first of its day.
 * The separator belongs to the row (not a row of its own) so every row has the stable key of its
 * message, which keeps the view in place when older pages arrive above it.
 */
export interface TimelineItem {
  key: string;
  message: ChatMessage;
  day: DayLabel | null;
  /** First of a run of messages by the same author on the same day: the bubble shows its tail. */
  startsGroup: boolean;
  /** In a group conversation, the member's name above the first message of their run. */
  showSender: boolean;
  reactions: Reaction[];
}

/** HH:mm (Portuguese; the reader's convention otherwise) in the reader's time zone. */
export const formatTime = (value: string | Date) => formatClock(value);

/** dd/MM/yyyy (Portuguese; the reader's convention otherwise) in the reader's time zone. */
export const formatDate = (value: string | Date) => formatDay(value);

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** The separator text of a day: today, yesterday, or the date. */
export function dayLabel(iso: string, now: Date): DayLabel {
  const day = dayKey(new Date(iso));
  if (day === dayKey(now)) return { kind: 'today' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day === dayKey(yesterday)) return { kind: 'yesterday' };
  return { kind: 'date', date: formatDate(iso) };
}

/** Who wrote a message, as far as grouping goes: a note, an attendant, or the contact (a group member). */
const authorOf = (m: ChatMessage) =>
  m.isPrivate
    ? `note:${m.user?.id ?? ''}`
    : m.fromMe
      ? 'me'
      : `contact:${m.participant ?? m.contact?.id ?? ''}`;

/** A message's key for the list: our bubble and the server's copy of it share the clientId. */
export const messageKey = (m: ChatMessage) => (m.clientId ? `c:${m.clientId}` : `m:${m.id}`);

/**
 * The rows of the chat: a separator on the first message of each day, messages grouped by consecutive
 * author, and reactions shown on the message they answer (a reaction whose message is not loaded stays
 * a row).
 */
export function buildTimeline(
  messages: ChatMessage[],
  { now, isGroup }: { now: Date; isGroup: boolean },
): TimelineItem[] {
  const loaded = new Set(messages.map((m) => m.id));
  const reactions = new Map<number, Reaction[]>();
  const isAttachedReaction = (m: ChatMessage) =>
    m.mediaType === 'reactionMessage' && m.quotedMsg !== null && loaded.has(m.quotedMsg.id);
  for (const m of messages) {
    if (!isAttachedReaction(m) || m.body === '') continue;
    const list = reactions.get(m.quotedMsg!.id) ?? [];
    list.push({ emoji: m.body, fromMe: m.fromMe });
    reactions.set(m.quotedMsg!.id, list);
  }

  const items: TimelineItem[] = [];
  let previous: ChatMessage | undefined;
  for (const message of messages) {
    if (isAttachedReaction(message)) continue;
    const newDay = !previous || dayKey(new Date(previous.createdAt)) !== dayKey(new Date(message.createdAt));
    const startsGroup = newDay || authorOf(previous!) !== authorOf(message);
    items.push({
      key: messageKey(message),
      message,
      day: newDay ? dayLabel(message.createdAt, now) : null,
      startsGroup,
      showSender: startsGroup && isGroup && !message.fromMe,
      reactions: reactions.get(message.id) ?? [],
    });
    previous = message;
  }
  return items;
}
