import type { Ticket } from '../../../shared/api/tickets';
import { plainMessageText } from './message-format';
import type { ChatMessage } from './messages-cache';
import { formatDate, formatTime } from './timeline';

export interface PdfLine {
  text: string;
  style: 'title' | 'meta' | 'author' | 'body' | 'gap';
}

/** The translated words the export needs. */
export interface PdfText {
  title(ticketId: number): string;
  contact(name: string, number: string): string;
  exportedAt(when: string): string;
  /** The author of messages sent by no user (bots, automations). */
  system: string;
  privateNote: string;
  deleted: string;
  /** `[Image]`, `[Audio]`… for a media type. */
  media(mediaType: string): string;
}

const when = (value: string | Date) => `${formatDate(value)} ${formatTime(value)}`;

function authorOf(message: ChatMessage, ticket: Pick<Ticket, 'contact'>, text: PdfText) {
  const author = message.fromMe
    ? (message.user?.name ?? text.system)
    : (message.contact?.name ?? message.participant ?? ticket.contact.name);
  return message.isPrivate ? `${author} (${text.privateNote})` : author;
}

function contentOf(message: ChatMessage, text: PdfText): string {
  const body = plainMessageText(message.body).trim();
  const isMedia = message.mediaType !== null && message.mediaType !== 'chat';
  const parts = [
    message.isDeleted ? `[${text.deleted}]` : '',
    isMedia ? text.media(message.mediaType!) : '',
    body,
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * The ticket as printed lines: a header with the ticket and contact, then each message's time and
 * author and its text (the renderer wraps long lines and breaks pages). Reactions are left out: they
 * are not messages on their own. Empty when there is nothing to export.
 */
export function buildPdfLines(
  ticket: Pick<Ticket, 'id' | 'contact'>,
  messages: ChatMessage[],
  text: PdfText,
  exportedAt: Date,
): PdfLine[] {
  const printed = messages.filter((m) => !m.local && m.mediaType !== 'reactionMessage');
  if (printed.length === 0) return [];
  const lines: PdfLine[] = [
    { text: text.title(ticket.id), style: 'title' },
    { text: text.contact(ticket.contact.name, ticket.contact.number), style: 'meta' },
    { text: text.exportedAt(when(exportedAt)), style: 'meta' },
  ];
  for (const message of printed) {
    lines.push({ text: '', style: 'gap' });
    lines.push({ text: `${when(message.createdAt)} - ${authorOf(message, ticket, text)}`, style: 'author' });
    for (const line of contentOf(message, text).split('\n')) lines.push({ text: line, style: 'body' });
  }
  return lines;
}
