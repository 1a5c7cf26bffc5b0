import { MESSAGE_EDIT_WINDOW_MS } from '../../../shared/api/messages';
import type { ChatMessage } from './messages-cache';

/** The server's own message, written by this user (not our unconfirmed bubble). */
const isOwn = (message: ChatMessage, userId: number) =>
  !message.local && message.fromMe && message.user?.id === userId && !message.isDeleted;

/** 1-attendance §4: own text messages, within 15 minutes of sending. */
export function canEditMessage(message: ChatMessage, userId: number, now: number): boolean {
  const isText = message.mediaType === null || message.mediaType === 'chat';
  return isOwn(message, userId) && isText && now - Date.parse(message.createdAt) <= MESSAGE_EDIT_WINDOW_MS;
}

/** 1-attendance §4: only own messages can be deleted. */
export const canDeleteMessage = (message: ChatMessage, userId: number) => isOwn(message, userId);

export type AckState = 'pending' | 'sent' | 'delivered' | 'read' | 'played';

/** 1-attendance §4 ack icons: 0 clock, 1 sent, 2 delivered, 3 and 4 read or played, 5 played. */
export function ackState(ack: number): AckState {
  if (ack <= 0) return 'pending';
  if (ack === 1) return 'sent';
  if (ack === 2) return 'delivered';
  if (ack <= 4) return 'read';
  return 'played';
}
