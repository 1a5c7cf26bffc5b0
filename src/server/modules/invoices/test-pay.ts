import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { api } from '../../../shared/api';
import { FakePix } from '../../payments/fake';
import { notFound } from '../../platform/app-error';
import type { ServerDeps } from '../../platform/deps';

const params = z.object({ txid: z.string().min(1).max(35) });

/**
 * ATENDO_TEST_CHANNEL=1 only: POST /api/test-channel/pix/:txid/pay pays a charge at the fake bank, which
 * then calls the webhook as a bank does (over HTTP, with its secret), so the same path confirms it.
 */
export function registerPixTestRoutes(app: FastifyInstance, deps: ServerDeps) {
  const bank = deps.payments;
  if (!(bank instanceof FakePix)) return;
  app.post('/api/test-channel/pix/:txid/pay', async (req, reply) => {
    const { txid } = params.parse(req.params);
    if (!bank.pay(txid)) throw notFound('ERR_NO_INVOICE_FOUND');
    const res = await app.inject({
      method: 'POST',
      url: `/api${api.invoices.webhook.path}?hmac=${bank.webhookSecret}&ignorar=/pix`,
      payload: { pix: [{ txid, endToEndId: `E${txid}`, valor: '0' }] },
    });
    return reply.status(res.statusCode).send(res.json());
  });
}
