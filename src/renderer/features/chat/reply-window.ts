import type { ChatMessage } from './messages-cache';

/** Facebook and Instagram accept a business reply only within 24 h of the contact's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
const WINDOWED_CHANNELS = new Set(['facebook', 'instagram']);

/**
 * 1-attendance §2: the 24 h banner shows on a Facebook or Instagram ticket whose last received message
 * is older than 24 h (or missing: the loaded pages are the newest, so an older one is older still).
 */
export function showsReplyWindowBanner(channel: string, messages: ChatMessage[], now: number): boolean {
  if (!WINDOWED_CHANNELS.has(channel)) return false;
  const lastReceived = messages.findLast((m) => !m.fromMe && !m.isPrivate);
  return !lastReceived || now - Date.parse(lastReceived.createdAt) > REPLY_WINDOW_MS;
}
