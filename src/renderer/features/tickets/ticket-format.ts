import type { Ticket } from '../../../shared/api/tickets';
import { unsigned } from '../../../shared/signature';
import { formatClock, formatDay } from '../../app/dates';
import { formatMessageText, type TextSegment } from '../chat/message-format';

/** 1-attendance §9: contact name and last message are cut at 60 and 40 characters. */
export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;

/** Cuts a text longer than `max` characters and marks the cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 1-attendance §2: HH:mm when the time is today, otherwise dd/MM/yyyy (local time; other languages their own way). */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const today =
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate();
  return today ? formatClock(at) : formatDay(at);
}

export type LastMessagePreview =
  | { kind: 'location' }
  | { kind: 'contact' }
  | { kind: 'text'; text: string; segments: TextSegment[] };

/**
 * 1-attendance §2: an image data URL is a shared location, a vcard a shared contact; text is cut at 40.
 * A text is read as people see it: no signature line, WhatsApp's markers turned into styles (`segments`)
 * or dropped (`text`), the cut counted on what is read.
 */
export function lastMessagePreview(lastMessage: string): LastMessagePreview {
  if (lastMessage.includes('data:image/')) return { kind: 'location' };
  if (/BEGIN:VCARD/i.test(lastMessage)) return { kind: 'contact' };
  const segments: TextSegment[] = [];
  let room = LAST_MESSAGE_MAX;
  for (const { href: _link, ...segment } of formatMessageText(unsigned(lastMessage))) {
    if (room <= 0) break;
    segments.push({ ...segment, text: segment.text.slice(0, room) });
    room -= segment.text.length;
  }
  if (room < 0) segments.push({ text: '...' });
  return { kind: 'text', text: segments.map((s) => s.text).join(''), segments };
}

/** The last message as the list shows it, `t` being the tickets namespace's translate. */
export function lastMessageText(lastMessage: string, t: (key: string) => string): string {
  const preview = lastMessagePreview(lastMessage);
  if (preview.kind === 'location') return t('item.location');
  if (preview.kind === 'contact') return t('item.contact');
  return preview.text;
}

/** What the queue tag says: the queue, LGPD while consent is asked, or none (translated by the caller). */
export type QueueTag = { kind: 'queue'; name: string; color: string } | { kind: 'lgpd' } | { kind: 'none' };

export function queueTag(ticket: Pick<Ticket, 'status' | 'queue'>): QueueTag {
  if (ticket.status === 'lgpd') return { kind: 'lgpd' };
  if (ticket.queue) return { kind: 'queue', name: ticket.queue.name, color: ticket.queue.color };
  return { kind: 'none' };
}

/** At most two tags are shown; the rest is counted as +N. */
export function visibleTags<T>(tags: readonly T[], shown = 2): { tags: T[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}

/** 1-attendance §4: ratings 1–5 as angry, upset, neutral, smile and heart-eyes faces. */
const RATING_EMOJI = ['😠', '😞', '😐', '🙂', '😍'] as const;

export function ratingEmoji(rate: number): string | undefined {
  return Number.isInteger(rate) ? RATING_EMOJI[rate - 1] : undefined;
}

const CIRCLED_ONE = 0x2460;

/** 1-attendance §2: the bell's title mark, a circled digit ①..⑳ for 1 to 20, otherwise "(N)". */
export function notificationMark(count: number): string {
  if (count <= 0) return '';
  if (count <= 20) return String.fromCodePoint(CIRCLED_ONE + count - 1);
  return `(${count})`;
}

/** The page title with the notification mark in front of it. */
export function titleWithNotifications(title: string, count: number): string {
  const mark = notificationMark(count);
  return mark ? `${mark} ${title}` : title;
}
