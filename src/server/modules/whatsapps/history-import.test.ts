import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BaileysEventMap, proto, type WAMessage } from 'baileys';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type { ConnectionDetail, ImportMessagesEvent } from '../../../shared/api/whatsapps';
import { events, type TicketEvent } from '../../../shared/realtime';
import type { CompanySettingKey } from '../../../shared/settings';
import { FakeSocket } from '../../channels/test/fake-whatsapp';
import { registerWhatsappChannel } from '../../channels/whatsapp/channel';
import { contacts, jobs, messages, tickets, whatsapps } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aContact, aTicket, collect, drain } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

/*
 * The history import (2-administration §4.1) in a real server: WhatsApp's history sync arrives on the fake
 * socket in the shapes Baileys emits, and goes through the real pipeline into the real database.
 */

let server: TestServer;
let dataDir: string;
const sockets = new Map<number, FakeSocket>();
/** A short quiet time stands in for the 35 s of production. */
const QUIET_MS = 1500;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-history-'));
  server = await startTestServer({ dataDir, importQuietMs: QUIET_MS });
  registerWhatsappChannel(server.deps, {
    makeSocket: (config, connection) => {
      const socket = new FakeSocket(config);
      sockets.set(connection.id, socket);
      return socket;
    },
    download: async (message) => Buffer.from(`file of ${message.key.id}`),
  });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });
const DAY_S = 24 * 60 * 60;
const secondsAgo = (days: number) => Math.floor(Date.now() / 1000) - Math.round(days * DAY_S);
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY_S * 1000).toISOString();

const ANA = '5511988880001';
const BRUNO = '5511988880002';
const CARLA = '5511988880003';
const GROUP = '120363041234567890@g.us';

/** A chat message as Baileys' history sync hands it over. */
function pastMessage(
  id: string,
  chat: string,
  daysAgo: number,
  message: proto.IMessage,
  more: Partial<WAMessage> = {},
): WAMessage {
  return {
    key: { remoteJid: chat.includes('@') ? chat : `${chat}@s.whatsapp.net`, fromMe: false, id },
    messageTimestamp: secondsAgo(daysAgo),
    status: proto.WebMessageInfo.Status.READ,
    ...more,
    message,
  };
}

/** One chunk of `messaging-history.set` as Baileys 7 emits it for a RECENT sync. */
function historyChunk(
  list: WAMessage[],
  progress: number | null = 40,
): BaileysEventMap['messaging-history.set'] {
  return {
    chats: [...new Set(list.map((m) => m.key.remoteJid!))].map((id) => ({
      id,
      conversationTimestamp: secondsAgo(1),
      unreadCount: 0,
    })),
    contacts: list
      .filter((m) => m.pushName)
      .map((m) => ({ id: m.key.remoteJid!, notify: m.pushName ?? undefined })),
    messages: list,
    lidPnMappings: [],
    isLatest: true,
    progress,
    syncType: proto.HistorySync.HistorySyncType.RECENT,
    chunkOrder: 1,
  };
}

/** Ana wrote and was answered from the phone; Bruno sent a photo; Carla wrote before the window. */
const recordedHistory = () => [
  pastMessage('3EB0HIST01', ANA, 10, { conversation: 'Oi, vocês abrem sábado?' }, { pushName: 'Ana Lima' }),
  pastMessage(
    '3EB0HIST02',
    ANA,
    9.9,
    { extendedTextMessage: { text: 'Abrimos das 9h às 13h.' } },
    { key: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: '3EB0HIST02' } },
  ),
  pastMessage(
    '3EB0HIST03',
    BRUNO,
    5,
    { imageMessage: { mimetype: 'image/jpeg', caption: 'O comprovante' } },
    { pushName: 'Bruno Dias' },
  ),
  pastMessage('3EB0HIST04', CARLA, 60, { conversation: 'Mensagem antiga demais' }, { pushName: 'Carla' }),
  pastMessage(
    '3EB0HIST05',
    GROUP,
    3,
    { conversation: 'Bom dia, grupo' },
    {
      key: { remoteJid: GROUP, fromMe: false, id: '3EB0HIST05', participant: `${CARLA}@s.whatsapp.net` },
    },
  ),
  pastMessage('3EB0HIST06', ANA, 9, {
    protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: '3EB0HIST01' } },
  }),
  pastMessage('3EB0HIST07', 'status@broadcast', 2, { conversation: 'status post' }),
];

async function rowOf(id: number) {
  const [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row!;
}

const socketOf = (id: number) => {
  const socket = sockets.get(id);
  if (!socket) throw new Error(`no socket for connection ${id}`);
  return socket;
};

/** A company whose WhatsApp connection imports the last 30 days into its own queue; the phone linked. */
async function anImportingConnection(fields: Record<string, unknown> = {}) {
  const company = await aCompany(server);
  const importQueue = await aQueue(server, company.id, 'Importados');
  const sales = await aQueue(server, company.id, 'Vendas');
  const support = await aQueue(server, company.id, 'Suporte');
  const created = await server.call(
    api.whatsapps.create,
    {
      body: {
        name: 'Loja',
        // Queues and a greeting: live messages would get the queue menu, imported ones never.
        queueIds: [sales.id, support.id],
        greetingMessage: 'Escolha uma fila',
        complationMessage: 'Obrigado pelo contato!',
        enableImportMessage: true,
        importOldMessages: isoDaysAgo(30),
        importRecentMessages: isoDaysAgo(0.5),
        queueIdImportMessages: importQueue.id,
        ...fields,
      },
    },
    as(company.admin.token),
  );
  expect(created.status).toBe(200);
  const connection = created.body as ConnectionDetail;
  const socket = socketOf(connection.id);
  socket.open('5511900001111:3@s.whatsapp.net');
  await vi.waitFor(async () => expect((await rowOf(connection.id)).status).toBe('CONNECTED'));
  return { company, connection, socket, importQueue };
}

const ticketsOf = (whatsappId: number) =>
  server.database.db
    .select()
    .from(tickets)
    .where(eq(tickets.whatsappId, whatsappId))
    .orderBy(asc(tickets.id));

async function ticketOf(companyId: number, number: string) {
  const [row] = await server.database.db
    .select({ ticket: tickets })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), eq(contacts.number, number)));
  return row?.ticket;
}

const messagesOf = (ticketId: number) =>
  server.database.db
    .select()
    .from(messages)
    .where(eq(messages.ticketId, ticketId))
    .orderBy(asc(messages.createdAt));

const importEnds = (id: number, status = 'renderButtonCloseTickets') =>
  vi.waitFor(async () => expect((await rowOf(id)).statusImportMessages).toBe(status), {
    timeout: QUIET_MS + 5000,
  });

describe('asking WhatsApp for the history', () => {
  it('asks for the full history only on connections that import it', async () => {
    const { connection } = await anImportingConnection();
    const config = socketOf(connection.id).config;
    expect(config.syncFullHistory).toBe(true);
    expect(config.shouldSyncHistoryMessage?.({} as proto.Message.IHistorySyncNotification)).toBe(true);

    const company = await aCompany(server);
    const plain = await server.call(
      api.whatsapps.create,
      { body: { name: 'Sem importação' } },
      as(company.admin.token),
    );
    const other = socketOf((plain.body as ConnectionDetail).id).config;
    expect(other.syncFullHistory).toBe(false);
    expect(other.shouldSyncHistoryMessage?.({} as proto.Message.IHistorySyncNotification)).toBe(false);
  });
});

describe('importing the history', () => {
  it('prepares while history comes, then stores the window’s chats as read tickets of the import queue', async () => {
    const { company, connection, socket, importQueue } = await anImportingConnection();
    const admin = await server.socket(company.admin.token);
    const outsider = await server.socket((await aCompany(server)).admin.token);
    const progress = collect<ImportMessagesEvent>(admin, events.importMessages(company.id));
    const appMessages = collect(admin, events.appMessage(company.id));
    const ticketEvents = collect<TicketEvent>(admin, events.ticket(company.id));
    const leaked: unknown[] = [];
    outsider.onAny((event: string, payload: unknown) => leaked.push([event, payload]));

    socket.emit('messaging-history.set', historyChunk(recordedHistory()));
    await vi.waitFor(async () =>
      expect((await rowOf(connection.id)).statusImportMessages).toMatch(/^\d{13}$/),
    );
    await vi.waitFor(() =>
      expect(progress[0]).toEqual({
        action: 'update',
        whatsappId: connection.id,
        status: { processed: -1, all: 3, date: expect.any(String) },
      }),
    );
    // Still preparing: nothing stored before the quiet time has passed.
    expect(await ticketsOf(connection.id)).toEqual([]);

    await importEnds(connection.id);
    await drain(server, admin, company.id);
    const last = progress.at(-2);
    expect(last).toEqual({
      action: 'update',
      whatsappId: connection.id,
      status: { processed: 3, all: 3, date: expect.any(String) },
    });
    // The date the import reached: Bruno's photo, the newest message.
    const reached = last?.action === 'update' ? Date.parse(last.status.date) : 0;
    expect(Math.abs(reached - secondsAgo(5) * 1000)).toBeLessThan(5000);
    expect(progress.at(-1)).toEqual({ action: 'refresh', whatsappId: connection.id });

    const ana = await ticketOf(company.id, ANA);
    const bruno = await ticketOf(company.id, BRUNO);
    for (const ticket of [ana, bruno]) {
      expect(ticket).toMatchObject({
        status: 'pending',
        queueId: importQueue.id,
        imported: expect.any(Date),
        unreadMessages: 0,
        isBot: false,
      });
    }
    expect(ana!.lastMessage).toBe('Abrimos das 9h às 13h.');
    const anaMessages = await messagesOf(ana!.id);
    expect(anaMessages.map((m) => [m.body, m.fromMe, m.read])).toEqual([
      ['Oi, vocês abrem sábado?', false, true],
      ['Abrimos das 9h às 13h.', true, true],
    ]);
    // Dated by its last message, as WhatsApp dated it, not by the import.
    expect(ana!.updatedAt).toEqual(anaMessages[1]!.createdAt);
    expect(Date.now() - ana!.updatedAt.getTime()).toBeGreaterThan(9 * DAY_S * 1000);
    expect(await messagesOf(bruno!.id)).toEqual([
      expect.objectContaining({ body: 'O comprovante', mediaType: 'image', read: true }),
    ]);
    // Before the window, a group while groups are not imported, a revoke and a status post: nothing.
    expect(await ticketOf(company.id, CARLA)).toBeUndefined();
    expect(await ticketOf(company.id, GROUP)).toBeUndefined();
    expect((await ticketsOf(connection.id)).map((t) => t.id).sort()).toEqual([ana!.id, bruno!.id].sort());

    // No bots, no notifications: nothing sent to the contacts, no message or ticket events per message.
    expect(socket.calledWith('sendMessage')).toEqual([]);
    expect(appMessages).toEqual([]);
    expect(ticketEvents).toEqual([]);
    expect(leaked).toEqual([]);
  });

  it('starts at once when WhatsApp says the history is complete, and stores a redelivery once', async () => {
    const { company, connection, socket } = await anImportingConnection();
    const chunk = historyChunk(recordedHistory().slice(0, 2), 100);
    socket.emit('messaging-history.set', chunk);
    // Well before the quiet time would have passed.
    await vi.waitFor(
      async () => expect((await rowOf(connection.id)).statusImportMessages).toBe('renderButtonCloseTickets'),
      {
        timeout: QUIET_MS - 500,
      },
    );
    const ana = await ticketOf(company.id, ANA);
    expect(await messagesOf(ana!.id)).toHaveLength(2);

    socket.emit('messaging-history.set', historyChunk(recordedHistory().slice(0, 3), 40));
    socket.emit('messaging-history.status', {
      syncType: proto.HistorySync.HistorySyncType.RECENT,
      status: 'complete',
      explicit: true,
    });
    await vi.waitFor(async () => expect(await ticketOf(company.id, BRUNO)).toBeDefined(), { timeout: 5_000 });
    await importEnds(connection.id);
    expect(await messagesOf(ana!.id)).toHaveLength(2);
  });

  it('adds imported messages to a conversation going on without touching its unread count or last message', async () => {
    const { company, connection, socket } = await anImportingConnection();
    const contact = await aContact(server, company.id, { number: ANA, name: 'Ana' });
    const live = await aTicket(server, company.id, {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'open',
      lastMessage: 'mensagem de hoje',
      unreadMessages: 2,
    });
    socket.emit('messaging-history.set', historyChunk(recordedHistory().slice(0, 2), 100));
    await importEnds(connection.id);
    const [after] = await server.database.db.select().from(tickets).where(eq(tickets.id, live.id));
    expect(after).toMatchObject({
      status: 'open',
      lastMessage: 'mensagem de hoje',
      unreadMessages: 2,
      imported: null,
    });
    expect(await messagesOf(live.id)).toHaveLength(2);
  });

  it('leaves the history out of the timers, the wallets, the random attendant and the LGPD consent', async () => {
    const { company, connection, socket, importQueue } = await anImportingConnection({
      timeInactiveMessage: 5,
      inactiveMessage: 'Ainda está aí?',
      expiresTicket: 10,
    });
    const attendant = await aUser(server, company.id, { queueIds: [importQueue.id] });
    // Online: userRandom would have someone to offer a ticket to.
    await server.socket(attendant.token);
    const settings = {
      userRandom: 'enabled',
      DirectTicketsToWallets: 'enabled',
      enableLGPD: 'enabled',
      lgpdMessage: 'Podemos guardar seus dados?',
    };
    for (const [key, value] of Object.entries(settings))
      await writeCompanySetting(tenantDb(server.database.db, company.id), key as CompanySettingKey, value);
    // Bruno is in the attendant's wallet; Ana is being attended right now.
    await aContact(server, company.id, { number: BRUNO, name: 'Bruno', walletUserId: attendant.id });
    const ana = await aContact(server, company.id, { number: ANA, name: 'Ana' });
    const live = await aTicket(server, company.id, {
      contactId: ana.id,
      whatsappId: connection.id,
      status: 'open',
    });

    socket.emit('messaging-history.set', historyChunk(recordedHistory().slice(0, 3), 100));
    await importEnds(connection.id);
    await server.deps.jobs.runDue();

    const bruno = await ticketOf(company.id, BRUNO);
    expect(bruno).toMatchObject({ status: 'pending', queueId: importQueue.id, userId: null });
    // Our past answer to Ana starts no inactivity or expiry timer on her conversation.
    expect(await messagesOf(live.id)).toHaveLength(2);
    expect(
      await server.database.db
        .select()
        .from(jobs)
        .where(inArray(jobs.ticketId, [live.id, bruno!.id])),
    ).toEqual([]);
    expect(socket.calledWith('sendMessage')).toEqual([]);
  });

  it('imports groups when importOldMessagesGroups is on, even on a connection that ignores live groups', async () => {
    const { company, connection, socket } = await anImportingConnection({ importOldMessagesGroups: true });
    socket.groups.set(GROUP, 'Clientes VIP');
    socket.emit('messaging-history.set', historyChunk(recordedHistory(), 100));
    await importEnds(connection.id);
    const group = await ticketOf(company.id, GROUP);
    expect(group).toMatchObject({ status: 'group', isGroup: true, imported: expect.any(Date) });
  });

  it('ignores history on a connection whose import is off', async () => {
    const { company, connection, socket } = await anImportingConnection();
    await server.call(
      api.whatsapps.update,
      { params: { id: connection.id }, body: { enableImportMessage: false } },
      as(company.admin.token),
    );
    socket.emit('messaging-history.set', historyChunk(recordedHistory(), 100));
    // Complete history would be imported at once; give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ticketsOf(connection.id)).toEqual([]);
    expect((await rowOf(connection.id)).statusImportMessages).toBe('');
  });
});

describe('closing the imported tickets (POST /closedimported/:id)', () => {
  it('closes what the import made, silently, and takes the button away', async () => {
    const { company, connection, socket } = await anImportingConnection();
    const plain = await aUser(server, company.id);
    const other = await aCompany(server);
    socket.emit('messaging-history.set', historyChunk(recordedHistory(), 100));
    await importEnds(connection.id);
    const untouched = await aTicket(server, company.id, { whatsappId: connection.id, status: 'pending' });
    const admin = await server.socket(company.admin.token);
    const ticketEvents = collect<TicketEvent>(admin, events.ticket(company.id));
    const params = { params: { id: connection.id } };

    expect(await server.call(api.whatsapps.closeImported, params, as(plain.token))).toMatchObject({
      status: 403,
    });
    expect(await server.call(api.whatsapps.closeImported, params, as(other.admin.token))).toMatchObject({
      status: 404,
    });
    expect(await server.call(api.whatsapps.closeImported, params, as(company.admin.token))).toMatchObject({
      status: 200,
      body: { closed: 2 },
    });
    const after = await ticketsOf(connection.id);
    expect(after.filter((t) => t.imported).map((t) => t.status)).toEqual(['closed', 'closed']);
    expect(after.find((t) => t.id === untouched.id)?.status).toBe('pending');
    expect((await rowOf(connection.id)).statusImportMessages).toBe('');
    // History, not attendances: no farewell to anyone.
    expect(socket.calledWith('sendMessage')).toEqual([]);
    await drain(server, admin, company.id);
    expect(
      ticketEvents.filter((e) => e.action === 'update').map((e) => e.action === 'update' && e.ticket.status),
    ).toEqual(['closed', 'closed']);
  });

  it('closes them at the end of the import when closedTicketsPostImported is on', async () => {
    const { company, connection, socket } = await anImportingConnection({ closedTicketsPostImported: true });
    socket.emit('messaging-history.set', historyChunk(recordedHistory(), 100));
    await vi.waitFor(async () =>
      expect((await ticketsOf(connection.id)).map((t) => t.status)).toEqual(['closed', 'closed']),
    );
    expect(await ticketOf(company.id, ANA)).toMatchObject({ status: 'closed' });
    await importEnds(connection.id, '');
  });
});
