/** 1-attendance §7: forwarded messages go one at a time with a 900 ms pause between sends. */
export const FORWARD_PAUSE_MS = 900;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Forwards messages in order, pausing between sends; the first failure stops the rest and is thrown.
 * `onSent` reports progress after each send.
 */
export async function forwardInOrder(
  messageIds: number[],
  sendOne: (messageId: number) => Promise<unknown>,
  { pause = wait, onSent }: { pause?: (ms: number) => Promise<void>; onSent?: (done: number) => void } = {},
): Promise<void> {
  for (const [index, messageId] of messageIds.entries()) {
    if (index > 0) await pause(FORWARD_PAUSE_MS);
    await sendOne(messageId);
    onSent?.(index + 1);
  }
}
