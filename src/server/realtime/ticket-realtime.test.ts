import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import type { AppMessageEvent, TicketEvent } from '../../shared/realtime';
import { tickets } from '../db/schema';
import { writeCompanySetting } from '../modules/settings/queries';
import { tenantDb } from '../platform/tenant';
import { aConnection, aContact, aTicket, collect, drain, testChannel } from '../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

/** A socket that listens to ticket and message events, with notifications joined. */
async function listener(token: string, companyId: number) {
  const socket = await server.socket(token);
  await socket.emitWithAck('joinNotification');
  return {
    socket,
    tickets: collect<TicketEvent>(socket, `company-${companyId}-ticket`),
    messages: collect<AppMessageEvent>(socket, `company-${companyId}-appMessage`),
    drained: () => drain(server, socket, companyId),
  };
}

/** A waiting ticket of `queueId` whose contact then writes in. */
async function waitingTicket(companyId: number, queueId: number) {
  const connection = await aConnection(server, companyId);
  const contact = await aContact(server, companyId);
  const ticket = await aTicket(server, companyId, {
    contactId: contact.id,
    whatsappId: connection.id,
    queueId,
  });
  return { ticket, contact, channel: testChannel(server, connection.id) };
}

describe('ticket and message events', () => {
  it('reach users of the ticket’s queue and admins, and nobody else', async () => {
    const company = await aCompany(server);
    const sales = await aQueue(server, company.id);
    const support = await aQueue(server, company.id);
    const member = await listener(
      (await aUser(server, company.id, { queueIds: [sales.id] })).token,
      company.id,
    );
    const outsider = await listener(
      (await aUser(server, company.id, { queueIds: [support.id] })).token,
      company.id,
    );
    const admin = await listener(company.admin.token, company.id);
    const otherCompany = await aCompany(server);
    const stranger = await listener(otherCompany.admin.token, otherCompany.id);

    const { ticket, contact, channel } = await waitingTicket(company.id, sales.id);
    await channel.inbound({ from: contact.number, body: 'preciso de ajuda' });
    for (const l of [member, outsider, admin]) await l.drained();
    await stranger.drained();

    for (const seer of [member, admin]) {
      expect(seer.messages).toMatchObject([
        { action: 'create', message: { body: 'preciso de ajuda' }, ticket: { id: ticket.id } },
      ]);
      expect(seer.tickets).toMatchObject([
        { action: 'update', ticket: { id: ticket.id, unreadMessages: 1 } },
      ]);
    }
    expect(outsider.tickets).toEqual([]);
    expect(outsider.messages).toEqual([]);
    expect(stranger.tickets).toEqual([]);
    expect(stranger.messages).toEqual([]);
  });

  it('tell a user who loses sight of a ticket to drop it', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [queue.id] });
    const watcher = await listener(user.token, company.id);
    const { ticket } = await waitingTicket(company.id, queue.id);
    const colleague = await aUser(server, company.id);
    await server.call(
      api.tickets.update,
      {
        params: { id: ticket.id },
        body: { userId: colleague.id, queueId: queue.id, status: 'open', isTransfered: true },
      },
      { token: company.admin.token },
    );
    await watcher.drained();
    expect(watcher.tickets).toEqual([{ action: 'delete', ticketId: ticket.id }]);
  });

  it('tell the viewers of a ticket when it is read', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const { ticket, contact, channel } = await waitingTicket(company.id, queue.id);
    await channel.inbound({ from: contact.number, body: 'oi' });
    const admin = await listener(company.admin.token, company.id);
    await server.call(
      api.messages.list,
      { params: { ticketUuid: ticket.uuid } },
      { token: company.admin.token },
    );
    await admin.drained();
    expect(admin.tickets).toEqual([{ action: 'updateUnread', ticketId: ticket.id }]);
  });

  it('mask the contact’s number for profile user when lgpdHideNumber is on', async () => {
    const company = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const queue = await aQueue(server, company.id);
    const user = await listener(
      (await aUser(server, company.id, { queueIds: [queue.id] })).token,
      company.id,
    );
    const admin = await listener(company.admin.token, company.id);
    const { contact, channel } = await waitingTicket(company.id, queue.id);
    await channel.inbound({ from: contact.number, body: 'oi' });
    await user.drained();
    await admin.drained();
    const numberIn = (event: TicketEvent | AppMessageEvent | undefined) =>
      event && 'ticket' in event ? event.ticket.contact.number : undefined;
    expect(numberIn(user.tickets[0])).toBe(
      `${'*'.repeat(contact.number.length - 2)}${contact.number.slice(-2)}`,
    );
    expect(numberIn(user.messages[0])).toBe(numberIn(user.tickets[0]));
    expect(numberIn(admin.tickets[0])).toBe(contact.number);
  });
});

describe('a user whose access changes', () => {
  it('gets the events of a queue given while connected, and loses those of a queue taken away', async () => {
    const company = await aCompany(server);
    const sales = await aQueue(server, company.id);
    const support = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [support.id] });
    const seer = await listener(user.token, company.id);
    const setQueues = (queueIds: number[]) =>
      server.call(
        api.users.update,
        { params: { id: user.id }, body: { queueIds } },
        { token: company.admin.token },
      );

    expect((await setQueues([sales.id])).status).toBe(200);
    const inSales = await waitingTicket(company.id, sales.id);
    const inSupport = await waitingTicket(company.id, support.id);
    await inSales.channel.inbound({ from: inSales.contact.number, body: 'vendas' });
    await inSupport.channel.inbound({ from: inSupport.contact.number, body: 'suporte' });
    await seer.drained();
    expect(seer.messages.map((m) => m.action === 'create' && m.message.body)).toEqual(['vendas']);
  });

  it('is disconnected once deleted', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const socket = await server.socket(user.token);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    expect(
      (await server.call(api.users.remove, { params: { id: user.id } }, { token: company.admin.token }))
        .status,
    ).toBe(200);
    await expect(gone).resolves.toBe('io server disconnect');
  });
});

describe('the chat box room', () => {
  async function plainSocket(token: string) {
    const socket: Socket = await server.socket(token);
    return socket;
  }

  it('is joined only for a ticket the user may see, and then carries its messages', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const other = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [queue.id] });
    const visible = await waitingTicket(company.id, queue.id);
    const hidden = await waitingTicket(company.id, other.id);
    const foreign = await aTicket(server, (await aCompany(server)).id);

    const socket = await plainSocket(user.token);
    expect(await socket.emitWithAck('joinChatBox', String(hidden.ticket.id))).toBe(false);
    expect(await socket.emitWithAck('joinChatBox', String(foreign.id))).toBe(false);
    expect(await socket.emitWithAck('joinChatBox', 'nonsense')).toBe(false);
    expect(await socket.emitWithAck('joinChatBox', String(visible.ticket.id))).toBe(true);

    const received = collect<AppMessageEvent>(socket, `company-${company.id}-appMessage`);
    await visible.channel.inbound({ from: visible.contact.number, body: 'visível' });
    await hidden.channel.inbound({ from: hidden.contact.number, body: 'oculto' });
    await drain(server, socket, company.id);
    expect(received.map((e) => (e.action === 'delete' ? e.messageId : e.message.body))).toEqual(['visível']);

    await socket.emitWithAck('joinChatBoxLeave', String(visible.ticket.id));
    await visible.channel.inbound({ from: visible.contact.number, body: 'depois' });
    await drain(server, socket, company.id);
    expect(received).toHaveLength(1);
  });

  it('stops carrying a ticket’s messages once the user may no longer see it', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [queue.id] });
    const { ticket, contact, channel } = await waitingTicket(company.id, queue.id);
    const socket = await plainSocket(user.token);
    expect(await socket.emitWithAck('joinChatBox', String(ticket.id))).toBe(true);
    await server.database.db
      .update(tickets)
      .set({ status: 'open', userId: company.admin.id })
      .where(eq(tickets.id, ticket.id));
    const received = collect(socket, `company-${company.id}-appMessage`);
    await channel.inbound({ from: contact.number, body: 'para o admin' });
    await drain(server, socket, company.id);
    expect(received).toEqual([]);
  });
});
