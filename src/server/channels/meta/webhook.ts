import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { ServerDeps } from '../../platform/deps';
import { withoutNul } from '../../platform/text';
import { CloudApiDriver } from '../cloud/driver';
import type { CloudValue } from '../cloud/inbound';
import { connectionOfAccount, type GraphChannel } from './accounts';
import type { MessagingEvent } from './inbound';
import { MessengerDriver } from './messenger';

/** Where Meta delivers the webhooks of Facebook pages, Instagram accounts and Cloud API numbers. */
export const WEBHOOK_PATH = '/api/webhooks/meta';

interface WebhookBody {
  object?: string;
  entry?: {
    id?: string;
    messaging?: MessagingEvent[];
    changes?: { field?: string; value?: CloudValue }[];
  }[];
}

/** X-Hub-Signature-256: `sha256=` and the HMAC-SHA256 of the raw body with the app secret, in hex. */
export function signatureIsValid(secret: string, raw: Buffer, header: string | undefined) {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

const MESSENGER_OBJECTS: Record<string, GraphChannel> = { page: 'facebook', instagram: 'instagram' };

/**
 * The webhook endpoint (config.graph): GET answers Meta's verification challenge when the verify token
 * matches; POST takes events only with a valid signature, hands each entry to the driver of the one
 * connection of its page, Instagram account or phone number, and answers once they are stored (an error
 * answers 5xx, so Meta delivers again: the pipeline stores a message once however often it comes). An
 * account no connection has is dropped with a 200, so Meta stops sending it.
 */
export async function registerGraphWebhook(app: FastifyInstance, deps: ServerDeps) {
  const { graph } = deps.config;
  const driverOf = async (channel: GraphChannel, accountId: string | undefined) => {
    const connection = accountId ? await connectionOfAccount(deps.db, channel, accountId) : undefined;
    if (!connection) {
      deps.log.info({ channel, accountId }, 'a webhook for no connection was dropped');
      return undefined;
    }
    // Graph drivers hold no session: where another server runs the connection (or none does yet), a
    // driver made for this request reads the events; the pipeline's locks and ids keep them stored once.
    const driver = deps.channels.driverOf(connection.id) ?? deps.channels.detached(connection);
    if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
    return driver;
  };

  await app.register(async (scope) => {
    // The signature is over the bytes as sent: the body is read raw here, and parsed after the check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.get(WEBHOOK_PATH, async (req, reply) => {
      const query = req.query as Record<string, string | undefined>;
      const verified =
        graph.verifyToken !== undefined &&
        query['hub.mode'] === 'subscribe' &&
        query['hub.verify_token'] === graph.verifyToken;
      if (!verified) return reply.status(403).send({ error: 'ERR_NO_PERMISSION' });
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    });

    scope.post(WEBHOOK_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['x-hub-signature-256'];
      if (
        !graph.appSecret ||
        !signatureIsValid(graph.appSecret, raw, typeof header === 'string' ? header : undefined)
      ) {
        return reply.status(401).send({ error: 'ERR_INVALID_SIGNATURE' });
      }
      let body: WebhookBody;
      try {
        // Without NUL: a payload PostgreSQL cannot store would fail, and Meta redeliver it, forever.
        body = withoutNul(JSON.parse(raw.toString('utf8')) as WebhookBody);
      } catch {
        return reply.status(400).send({ error: 'ERR_BAD_REQUEST' });
      }
      const messenger = MESSENGER_OBJECTS[body.object ?? ''];
      for (const entry of body.entry ?? []) {
        if (messenger) {
          const driver = await driverOf(messenger, entry.id);
          if (driver instanceof MessengerDriver) await driver.receive(entry.messaging ?? []);
        } else if (body.object === 'whatsapp_business_account') {
          for (const change of entry.changes ?? []) {
            if (change.field !== 'messages' || !change.value) continue;
            const driver = await driverOf('whatsappapi', change.value.metadata?.phone_number_id);
            if (driver instanceof CloudApiDriver) await driver.receive(change.value);
          }
        }
      }
      return reply.send({ ok: true });
    });
  });
}
