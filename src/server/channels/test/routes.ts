import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mediaTypeOf } from '../../../shared/media-type';
import { queues, whatsappQueues, whatsapps } from '../../db/schema';
import { actorIsAdmin } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { Authenticate, ServerDeps } from '../../platform/deps';
import { TestDriver } from './driver';

const digits = z.string().regex(/^\d{5,20}$/);
const connectionParams = z.object({ connectionId: z.coerce.number().int().positive() });

const newConnection = z.object({
  name: z.string().min(1).max(100).optional(),
  queueIds: z.array(z.number().int().positive()).optional().default([]),
  isDefault: z.boolean().optional(),
  allowGroup: z.boolean().optional(),
  groupAsTicket: z.enum(['enabled', 'disabled']).optional(),
  timeCreateNewTicket: z.number().int().min(0).optional(),
  complationMessage: z.string().max(5000).optional(),
  ratingMessage: z.string().max(5000).optional(),
  greetingMessage: z.string().max(5000).optional(),
  outOfHoursMessage: z.string().max(5000).optional(),
  maxUseBotQueues: z.number().int().min(0).optional(),
  timeUseBotQueues: z.number().int().min(0).optional(),
  maxUseBotQueuesNPS: z.number().int().min(0).optional(),
  /** The connection's external API token. */
  token: z.string().min(1).max(64).optional(),
});

const inbound = z.object({
  from: digits,
  body: z.string().max(65_536).optional().default(''),
  id: z.string().min(1).max(200).optional(),
  /** Seconds or milliseconds since the epoch. */
  timestamp: z.number().positive().optional(),
  fromMe: z.boolean().optional().default(false),
  name: z.string().max(250).optional(),
  media: z
    .object({
      type: z.string().max(30).optional(),
      filename: z.string().min(1).max(255),
      mimetype: z.string().min(1).max(200),
      base64: z.string(),
    })
    .optional(),
  group: z.object({ id: z.string().min(1).max(100), name: z.string().max(250) }).optional(),
  participant: digits.optional(),
  quotedId: z.string().max(200).optional(),
  broadcast: z.boolean().optional(),
  /** A message without a file: locationMessage, contactMessage or reactionMessage. */
  mediaType: z.enum(['locationMessage', 'contactMessage', 'reactionMessage']).optional(),
});

const history = z.object({
  messages: z.array(
    z.object({
      id: z.string().min(1).max(200),
      from: digits,
      body: z.string().max(65_536),
      /** Milliseconds since the epoch. */
      timestamp: z.number().positive(),
      fromMe: z.boolean().optional().default(false),
    }),
  ),
  /** The channel says it sent all it will. */
  complete: z.boolean().optional().default(false),
});
const login = z.object({ number: digits });
const ack = z.object({ id: z.string().min(1), ack: z.number().int().min(0).max(5) });
const edit = z.object({ id: z.string().min(1), body: z.string().max(65_536) });
const remove = z.object({ id: z.string().min(1) });

/**
 * The test channel (ATENDO_TEST_CHANNEL=1 only): tests outside the process hold whole conversations by
 * playing the contacts' side over HTTP, and read what the server sent. Plain routes, not in the contract.
 */
export function registerTestChannel(app: FastifyInstance, deps: ServerDeps, authenticate: Authenticate) {
  const drivers = new Map<number, TestDriver>();
  deps.channels.register('test', (connection, events) => {
    const driver = new TestDriver(events);
    drivers.set(connection.id, driver);
    return driver;
  });
  const driverOf = (params: unknown) => {
    const driver = drivers.get(connectionParams.parse(params).connectionId);
    if (!driver) throw notFound('ERR_NO_WAPP_FOUND');
    return driver;
  };

  app.post('/api/test-channel/connections', async (req) => {
    const actor = await authenticate(req);
    if (!actorIsAdmin(actor)) throw forbidden();
    const { queueIds, ...fields } = newConnection.parse(req.body ?? {});
    const own = queueIds.length
      ? await deps.db
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.companyId, actor.companyId), inArray(queues.id, queueIds)))
      : [];
    if (own.length !== new Set(queueIds).size) throw forbidden();
    const connection = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(whatsapps)
        .values({ name: `Test ${Date.now()}`, ...fields, companyId: actor.companyId, channel: 'test' })
        .returning();
      if (queueIds.length) {
        await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: row!.id, queueId })));
      }
      return row!;
    });
    await deps.sessions.connect(connection);
    const [row] = await deps.db.select().from(whatsapps).where(eq(whatsapps.id, connection.id));
    return { ...row, queueIds };
  });

  app.post('/api/test-channel/:connectionId/inbound', async (req) => {
    const driver = driverOf(req.params);
    const m = inbound.parse(req.body ?? {});
    const at = m.timestamp === undefined ? Date.now() : m.timestamp < 1e12 ? m.timestamp * 1000 : m.timestamp;
    const stored = await driver.receive({
      id: m.id ?? `test-in-${randomUUID()}`,
      // In a group the contact's number is the member who wrote.
      from: m.participant ?? m.from,
      fromMe: m.fromMe,
      timestamp: new Date(at),
      body: m.body,
      pushName: m.name,
      media: m.media && {
        type: m.media.type ?? mediaTypeOf(m.media.mimetype),
        filename: m.media.filename,
        mimetype: m.media.mimetype,
        data: Buffer.from(m.media.base64, 'base64'),
      },
      group: m.group,
      quotedId: m.quotedId,
      broadcast: m.broadcast,
      mediaType: m.mediaType,
    });
    return { stored: stored !== undefined, ...stored };
  });

  app.post('/api/test-channel/:connectionId/history', async (req) => {
    const { messages, complete } = history.parse(req.body ?? {});
    const past = messages.map((m) => ({ ...m, timestamp: new Date(m.timestamp) }));
    return { asked: await driverOf(req.params).history(past, complete) };
  });

  app.post('/api/test-channel/:connectionId/login', async (req) => {
    await driverOf(req.params).login(login.parse(req.body ?? {}).number);
    return { ok: true };
  });

  app.get('/api/test-channel/:connectionId/sent', async (req) => driverOf(req.params).sent);

  app.post('/api/test-channel/:connectionId/ack', async (req) => {
    const { id, ack: value } = ack.parse(req.body ?? {});
    await driverOf(req.params).ack(id, value);
    return { ok: true };
  });

  app.post('/api/test-channel/:connectionId/edit', async (req) => {
    const { id, body } = edit.parse(req.body ?? {});
    await driverOf(req.params).edited(id, body);
    return { ok: true };
  });

  app.post('/api/test-channel/:connectionId/delete', async (req) => {
    const { id } = remove.parse(req.body ?? {});
    await driverOf(req.params).deleted(id);
    return { ok: true };
  });
}
