import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { proto } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, messages, tickets, whatsappAuth, whatsapps } from '../../db/schema';
import { aConnection } from '../../test/builders';
import { aCompany, startTestServer, type TestServer } from '../../test/server';
import { FakeSocket } from '../test/fake-whatsapp';
import { registerWhatsappChannel, type WhatsappChannel } from './channel';
import { WhatsappDriver } from './driver';

/*
 * The driver inside a real server: its login in the real database, its messages through the real
 * inbound pipeline. Only the socket is fake.
 */

let server: TestServer;
let channel: WhatsappChannel;
/** Every socket the drivers made, in order: the tests run one after the other. */
const made: FakeSocket[] = [];
let companyId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-whatsapp-'));
  server = await startTestServer({ dataDir });
  channel = registerWhatsappChannel(server.deps, {
    makeSocket: (config) => {
      const socket = new FakeSocket(config);
      made.push(socket);
      return socket;
    },
    download: async () => Buffer.from('%PDF-1.7 fake'),
  });
  companyId = (await aCompany(server)).id;
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A connection with its driver running, the socket open. */
async function aWhatsappConnection(fields: Partial<typeof whatsapps.$inferInsert> = {}) {
  const row = await aConnection(server, companyId, { channel: 'whatsapp', ...fields });
  const socket = lastSocket();
  socket.open('5511900001111:2@s.whatsapp.net');
  await statusBecomes(row.id, 'CONNECTED');
  return { row, socket };
}

const lastSocket = () => {
  const socket = made.at(-1);
  if (!socket) throw new Error('no socket was made');
  return socket;
};

async function statusOf(connectionId: number) {
  const [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, connectionId));
  return row!.status;
}

/** The driver stores what happened from its event handlers, a moment later: wait for it. */
const statusBecomes = (connectionId: number, status: string) =>
  vi.waitFor(async () => expect(await statusOf(connectionId)).toBe(status));

const loginKeys = async (connectionId: number) =>
  (await server.database.db.select().from(whatsappAuth).where(eq(whatsappAuth.whatsappId, connectionId))).map(
    (row) => row.key,
  );

/** The message once the pipeline stored it. */
const storedMessage = (wid: string) =>
  vi.waitFor(async () => {
    const [row] = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)));
    if (!row) throw new Error(`message ${wid} is not stored yet`);
    return row;
  });

describe('the whatsapp channel in a server', () => {
  it('offers the whatsapp channel and makes one Baileys driver per connection', async () => {
    expect(server.deps.channels.supports('whatsapp')).toBe(true);
    const { row } = await aWhatsappConnection();
    expect(channel.driver(row.id)).toBeInstanceOf(WhatsappDriver);
    expect(server.deps.channels.connected(row.id)).toBe(channel.driver(row.id));
    await statusBecomes(row.id, 'CONNECTED');
  });

  it('records the QR status, and resumes a stored login after a restart without a new QR code', async () => {
    const row = await aConnection(server, companyId, { channel: 'whatsapp' });
    const first = lastSocket();
    first.showQr('2@ref,noise,identity,adv');
    await statusBecomes(row.id, 'qrcode');

    first.updateCreds({
      registered: true,
      me: { id: '5511900002222:4@s.whatsapp.net', name: 'Loja Centro' },
    });
    first.open('5511900002222:4@s.whatsapp.net');
    await statusBecomes(row.id, 'CONNECTED');
    await vi.waitFor(async () => expect(await loginKeys(row.id)).toContain('creds'));

    await server.deps.channels.stop(row.id);
    await statusBecomes(row.id, 'DISCONNECTED');
    await server.deps.sessions.connect(row);
    const resumed = lastSocket();
    expect(resumed).not.toBe(first);
    expect(resumed.config.auth.creds.registered).toBe(true);
    expect(resumed.config.auth.creds.me?.id).toBe('5511900002222:4@s.whatsapp.net');
    expect(Buffer.from(resumed.config.auth.creds.noiseKey.private)).toEqual(
      Buffer.from(first.config.auth.creds.noiseKey.private),
    );
  });

  it('deletes the stored login when WhatsApp logs the device out', async () => {
    const { row, socket } = await aWhatsappConnection();
    socket.updateCreds({ registered: true });
    await vi.waitFor(async () => expect(await loginKeys(row.id)).toEqual(['creds']));
    socket.close(401);
    await statusBecomes(row.id, 'DISCONNECTED');
    expect(await loginKeys(row.id)).toEqual([]);
  });

  it('stores a contact’s message as a ticket of the connection, then its ack on our answer', async () => {
    const { row, socket } = await aWhatsappConnection();
    socket.receive([
      {
        key: { remoteJid: '5511944443333@s.whatsapp.net', fromMe: false, id: '3AINTEGRATION1' },
        messageTimestamp: 1_717_171_717,
        pushName: 'Carla Souza',
        message: {
          documentMessage: {
            mimetype: 'application/pdf',
            fileName: 'orcamento.pdf',
            url: 'https://mmg.whatsapp.net/x',
          },
        },
      },
    ]);
    const message = await storedMessage('3AINTEGRATION1');
    expect(message).toMatchObject({ fromMe: false, mediaType: 'application', body: 'orcamento.pdf' });
    expect(message.mediaUrl).toMatch(/\.pdf$/);
    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, message.ticketId));
    expect(ticket).toMatchObject({ whatsappId: row.id, status: 'pending', lastMessage: 'orcamento.pdf' });
    const [contact] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, ticket!.contactId));
    expect(contact).toMatchObject({ number: '5511944443333', name: 'Carla Souza' });

    // The inbox answers through the driver, then WhatsApp tells it was read.
    const driver = server.deps.channels.connected(row.id)!;
    const { id } = await driver.sendText('5511944443333', 'Recebido, obrigado!');
    await server.database.db.insert(messages).values({
      companyId,
      wid: id,
      ticketId: ticket!.id,
      contactId: contact!.id,
      body: 'Recebido, obrigado!',
      fromMe: true,
    });
    socket.emit('messages.update', [
      {
        key: { remoteJid: '5511944443333@s.whatsapp.net', fromMe: true, id },
        update: { status: proto.WebMessageInfo.Status.READ },
      },
    ]);
    await vi.waitFor(async () => expect((await storedMessage(id)).ack).toBe(3));
  });

  it('stores group messages under the group with the member as sender when the connection allows groups', async () => {
    const { socket } = await aWhatsappConnection({ allowGroup: true });
    socket.groups.set('120363041234567890@g.us', 'Fornecedores');
    socket.receive([
      {
        key: {
          remoteJid: '120363041234567890@g.us',
          participant: '99887766554433@lid',
          participantAlt: '5511955554444@s.whatsapp.net',
          fromMe: false,
          id: '3AGROUPMSG1',
        },
        messageTimestamp: 1_717_171_800,
        pushName: 'Paulo',
        message: { conversation: 'Chegou a carga' },
      },
    ]);
    const message = await storedMessage('3AGROUPMSG1');
    expect(message.participant).toBe('5511955554444');
    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, message.ticketId));
    const [group] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, ticket!.contactId));
    expect(group).toMatchObject({ number: '120363041234567890@g.us', name: 'Fornecedores', isGroup: true });
  });
});
