import { randomBytes } from 'node:crypto';
import { pixPayload } from './emv';
import {
  type PixCharge,
  type PixChargeRequest,
  type PixChargeState,
  type PixProvider,
  sameText,
} from './provider';

/**
 * The test mode's bank (ATENDO_TEST_CHANNEL=1): charges live in this process, a test pays one with
 * `pay` (POST /api/test-channel/pix/:txid/pay), which then calls the webhook as the bank would.
 */
export class FakePix implements PixProvider {
  readonly name = 'fake';
  readonly webhookSecret = randomBytes(16).toString('hex');
  private readonly charges = new Map<string, { amount: string; paid: boolean }>();

  async createCharge(request: PixChargeRequest): Promise<PixCharge> {
    const txid = randomBytes(16).toString('hex');
    this.charges.set(txid, { amount: request.amount, paid: false });
    const payload = pixPayload({
      key: 'pix@atendo.test',
      amount: request.amount,
      name: 'Atendo',
      city: 'Sao Paulo',
      txid,
    });
    return { txid, payload, amount: request.amount };
  }

  async readCharge(txid: string): Promise<PixChargeState | undefined> {
    const charge = this.charges.get(txid);
    return charge && { txid, paid: charge.paid, amount: charge.amount };
  }

  /** The payer pays: false when the bank knows no such charge. */
  pay(txid: string) {
    const charge = this.charges.get(txid);
    if (charge) charge.paid = true;
    return charge !== undefined;
  }

  verifyWebhook(secret: string | undefined) {
    return secret !== undefined && sameText(secret, this.webhookSecret);
  }
}
