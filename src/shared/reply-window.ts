/**
 * 1-attendance §2: Facebook and Instagram (and WhatsApp through the Cloud API) take a business's free
 * messages only within 24 h of the contact's last message; after that the Cloud API takes templates only.
 */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

const WINDOWED_CHANNELS: readonly string[] = ['facebook', 'instagram', 'whatsappapi'];

export const hasReplyWindow = (channel: string) => WINDOWED_CHANNELS.includes(channel);

/** When the window of a contact whose last message came at `lastReceivedAt` closes (null: it never opened). */
export const replyWindowEnd = (lastReceivedAt: number | null) =>
  lastReceivedAt === null ? null : lastReceivedAt + REPLY_WINDOW_MS;

export function replyWindowOpen(lastReceivedAt: number | null, now: number) {
  const end = replyWindowEnd(lastReceivedAt);
  return end !== null && now <= end;
}
