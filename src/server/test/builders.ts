import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { expect, vi } from 'vitest';
import { rooms } from '../../shared/realtime';
import { contacts, tags, tickets, ticketTags, whatsappQueues, whatsapps } from '../db/schema';
import type { TestServer } from './server';

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** A channel connection; a `test` one is connected through the test driver when the server offers it. */
export async function aConnection(
  server: TestServer,
  companyId: number,
  fields: Partial<typeof whatsapps.$inferInsert> & { queueIds?: number[] } = {},
) {
  const { queueIds = [], ...rest } = fields;
  const [row] = await server.database.db
    .insert(whatsapps)
    .values({ name: `Connection ${randomBytes(3).toString('hex')}`, channel: 'test', ...rest, companyId })
    .returning();
  if (queueIds.length) {
    await server.database.db
      .insert(whatsappQueues)
      .values(queueIds.map((queueId) => ({ whatsappId: row!.id, queueId })));
  }
  if (server.deps.channels.supports(row!.channel)) await server.deps.sessions.connect(row!);
  return row!;
}

/** A WhatsApp connection whose offline socket (the test server's) the phone has scanned: CONNECTED. */
export async function aConnectedWhatsapp(
  server: TestServer,
  companyId: number,
  fields: Partial<typeof whatsapps.$inferInsert> & { queueIds?: number[] } = {},
) {
  const row = await aConnection(server, companyId, { channel: 'whatsapp', ...fields });
  const statusIs = (status: string) =>
    vi.waitFor(async () => {
      const [current] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, row.id));
      expect(current?.status).toBe(status);
    });
  // The offline socket offers its QR code first; scanned before that, the QR would come after.
  await statusIs('qrcode');
  const socket = server.whatsapp.socketOf(row.id)!;
  socket.open();
  await statusIs('CONNECTED');
  return { row, socket };
}

export async function aContact(
  server: TestServer,
  companyId: number,
  fields: Partial<typeof contacts.$inferInsert> = {},
) {
  const [row] = await server.database.db
    .insert(contacts)
    .values({ name: 'Maria Silva', number: `55${digits(11)}`, ...fields, companyId })
    .returning();
  return row!;
}

/** A ticket (pending unless told), with a new contact and connection unless given. */
export async function aTicket(
  server: TestServer,
  companyId: number,
  fields: Partial<typeof tickets.$inferInsert> = {},
) {
  const contactId = fields.contactId ?? (await aContact(server, companyId)).id;
  const whatsappId =
    fields.whatsappId === undefined ? (await aConnection(server, companyId)).id : fields.whatsappId;
  const [row] = await server.database.db
    .insert(tickets)
    .values({ status: 'pending', ...fields, contactId, whatsappId, companyId })
    .returning();
  return row!;
}

export async function aTag(
  server: TestServer,
  companyId: number,
  name = `Tag ${randomBytes(3).toString('hex')}`,
) {
  const [row] = await server.database.db
    .insert(tags)
    .values({ companyId, name, color: `#${randomBytes(3).toString('hex')}` })
    .returning();
  return row!;
}

export async function tagTicket(server: TestServer, ticketId: number, tagId: number) {
  await server.database.db.insert(ticketTags).values({ ticketId, tagId });
}

/** The test channel's HTTP side: what a contact does, and what the server sent. */
export function testChannel(server: TestServer, connectionId: number) {
  const post = async (action: string, payload: object) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/test-channel/${connectionId}/${action}`,
      payload,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  return {
    inbound: (message: { from: string; body?: string } & Record<string, unknown>) =>
      post('inbound', { id: `in-${randomUUID()}`, ...message }),
    ack: (id: string, ack: number) => post('ack', { id, ack }),
    edit: (id: string, body: string) => post('edit', { id, body }),
    remove: (id: string) => post('delete', { id }),
    async sent() {
      const res = await server.app.inject({ method: 'GET', url: `/api/test-channel/${connectionId}/sent` });
      return res.json() as {
        id: string;
        kind: string;
        to: string;
        body: string;
        quotedId?: string;
        media?: { filename: string; mimetype: string; size: number };
      }[];
    },
  };
}

/** Every `event` the socket receives from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/**
 * Waits until everything published before now has reached the socket: once the publications are handed
 * to the sockets, a marker to its company room arrives after them.
 */
export async function drain(server: TestServer, socket: Socket, companyId: number) {
  const id = randomUUID();
  const arrived = new Promise<void>((resolve) => {
    const onMarker = (payload: string) => {
      if (payload !== id) return;
      socket.off('marker', onMarker);
      resolve();
    };
    socket.on('marker', onMarker);
  });
  await server.realtime.settled();
  server.realtime.io.to(rooms.company(companyId)).emit('marker', id);
  await arrived;
}

export const randomNumber = () => `55${digits(11)}`;
