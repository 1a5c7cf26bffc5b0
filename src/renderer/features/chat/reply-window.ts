import { useEffect, useState } from 'react';
import { hasReplyWindow, REPLY_WINDOW_MS, replyWindowOpen } from '../../../shared/reply-window';
import type { ChatMessage } from './messages-cache';

const lastReceivedAt = (messages: ChatMessage[]) => {
  const last = messages.findLast((m) => !m.fromMe && !m.isPrivate);
  return last ? Date.parse(last.createdAt) : null;
};

/**
 * 1-attendance §2: the 24 h banner shows on a Facebook, Instagram or Cloud API ticket whose last received
 * message is older than 24 h (or missing: the loaded pages are the newest, so an older one is older still).
 */
export function showsReplyWindowBanner(channel: string, messages: ChatMessage[], now: number): boolean {
  return hasReplyWindow(channel) && !replyWindowOpen(lastReceivedAt(messages), now);
}

/** Whether the window is closed, turning true by itself the moment it closes while the chat is open. */
export function useReplyWindowClosed(channel: string, messages: ChatMessage[]): boolean {
  const [, setTick] = useState(0);
  const last = lastReceivedAt(messages);
  useEffect(() => {
    if (!hasReplyWindow(channel) || last === null) return;
    const wait = last + REPLY_WINDOW_MS - Date.now();
    if (wait < 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait + 1000);
    return () => clearTimeout(timer);
  }, [channel, last]);
  return showsReplyWindowBanner(channel, messages, Date.now());
}
