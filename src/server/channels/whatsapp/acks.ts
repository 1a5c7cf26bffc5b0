import { type MessageUserReceipt, proto } from 'baileys';

const Status = proto.WebMessageInfo.Status;

/**
 * A Baileys delivery status as the ack the inbox shows (1-attendance §4: 0 clock, 1 sent, 2 delivered,
 * 3 and 4 read, 5 played). Undefined for ERROR and PENDING, which say nothing an ack of 0 does not.
 */
export function ackOfStatus(status: number | null | undefined): number | undefined {
  switch (status) {
    case Status.SERVER_ACK:
      return 1;
    case Status.DELIVERY_ACK:
      return 2;
    case Status.READ:
      return 3;
    case Status.PLAYED:
      return 5;
    default:
      return undefined;
  }
}

/** A group member's receipt (message-receipt.update) as an ack: the furthest it went. */
export function ackOfReceipt(receipt: MessageUserReceipt): number | undefined {
  if (receipt.playedTimestamp) return 5;
  if (receipt.readTimestamp) return 3;
  if (receipt.receiptTimestamp) return 2;
  return undefined;
}
