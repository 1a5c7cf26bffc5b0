import { timingSafeEqual } from 'node:crypto';

/**
 * The payment provider's side of the checkout (2-administration §2.9): a Pix charge made at a bank, read
 * back from it, and the bank's webhook told apart from anyone else's call. The drivers (Efí, the fake
 * bank of the test mode) know no module; the invoices module decides what a paid charge changes.
 */
export interface PixProvider {
  readonly name: 'efi' | 'fake';
  /** Makes a charge of `amount` (reais, two decimals) and answers its txid and "copia e cola" payload. */
  createCharge(request: PixChargeRequest): Promise<PixCharge>;
  /** The charge as the bank has it now; undefined when the bank knows no such txid. */
  readCharge(txid: string): Promise<PixChargeState | undefined>;
  /** Whether a webhook call carries the secret the webhook was registered with. */
  verifyWebhook(secret: string | undefined): boolean;
}

export interface PixChargeRequest {
  amount: string;
  payer: { name: string; document: string };
  /** What the payer's bank shows them (at most 140 characters). */
  description: string;
}

export interface PixCharge {
  txid: string;
  /** The EMV BR Code ("copia e cola") the QR code encodes. */
  payload: string;
  amount: string;
}

export interface PixChargeState {
  txid: string;
  paid: boolean;
  amount: string;
}

declare module '../platform/deps' {
  interface ServerDeps {
    /** The Pix provider of config.pix; undefined when billing is not set up. */
    payments: PixProvider | undefined;
  }
}

/** A secret compared in constant time, so its answer tells nothing of how much of it was right. */
export function sameText(a: string, b: string) {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
