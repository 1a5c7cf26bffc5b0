import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import type { Message } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import { type AppMessageEvent, events } from '../../../shared/realtime';
import { messages, tickets } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnection, aContact, aTicket, collect, drain, testChannel } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';
import { findMedia } from './media-store';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A company whose contact wrote in: an open ticket of the admin on a running test connection. */
async function chat() {
  const company = await aCompany(server);
  const connection = await aConnection(server, company.id);
  const contact = await aContact(server, company.id, { name: 'Ana Souza' });
  const channel = testChannel(server, connection.id);
  const { body } = await channel.inbound({ from: contact.number, body: 'Olá' });
  const ticketId = body.ticketId as number;
  const [ticket] = await server.database.db
    .update(tickets)
    .set({ status: 'open', userId: company.admin.id })
    .where(eq(tickets.id, ticketId))
    .returning();
  return { company, connection, contact, channel, ticket: ticket! };
}

const send = (ticketId: number, body: Record<string, unknown>, token: string) =>
  server.call(api.messages.send, { params: { ticketId }, body: body as never }, as(token));

/** POST /messages/:ticketId as multipart, the way the chat sends files. */
async function sendFiles(ticketId: number, token: string, fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('medias', file);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.messages.send.path, { ticketId })}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as Message };
}

const fetchMedia = (url: string, token: string) =>
  server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('reading a chat', () => {
  it('answers 20 messages a page from the newest, each page in chronological order, and marks the ticket read', async () => {
    const c = await chat();
    for (let i = 1; i <= 24; i++) {
      await c.channel.inbound({ from: c.contact.number, body: `m${i}`, timestamp: 1_800_000_000 + i });
    }
    const page = (pageNumber: number) =>
      server.call(
        api.messages.list,
        { params: { ticketUuid: c.ticket.uuid }, query: { pageNumber } },
        as(c.company.admin.token),
      );
    const first = (await page(1)).body as { messages: Message[]; hasMore: boolean };
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(first.messages.every((m) => m.read)).toBe(true);
    const second = (await page(2)).body as { messages: Message[]; hasMore: boolean };
    expect(second.hasMore).toBe(false);
    expect(second.messages.map((m) => m.body)).toEqual(['Olá', 'm1', 'm2', 'm3', 'm4']);
    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.unreadMessages).toBe(0);
  });

  it('hides deleted content when enableLGPD and lgpdDeleteMessage are both enabled', async () => {
    const c = await chat();
    await c.channel.inbound({ from: c.contact.number, body: 'segredo', id: 'gone-1' });
    await c.channel.remove('gone-1');
    const bodies = async () =>
      (
        (
          await server.call(
            api.messages.list,
            { params: { ticketUuid: c.ticket.uuid } },
            as(c.company.admin.token),
          )
        ).body as {
          messages: Message[];
        }
      ).messages.map((m) => [m.body, m.isDeleted]);
    expect(await bodies()).toContainEqual(['segredo', true]);
    await writeCompanySetting(tenantDb(server.database.db, c.company.id), 'enableLGPD', 'enabled');
    await writeCompanySetting(tenantDb(server.database.db, c.company.id), 'lgpdDeleteMessage', 'enabled');
    expect(await bodies()).toContainEqual(['', true]);
  });

  it('sends a deleted message’s event without its content when the company hides deleted content', async () => {
    const c = await chat();
    await writeCompanySetting(tenantDb(server.database.db, c.company.id), 'enableLGPD', 'enabled');
    await writeCompanySetting(tenantDb(server.database.db, c.company.id), 'lgpdDeleteMessage', 'enabled');
    await c.channel.inbound({ from: c.contact.number, body: 'apague isto', id: 'gone-2' });
    const socket = await server.socket(c.company.admin.token);
    await socket.emitWithAck('joinChatBox', String(c.ticket.id));
    const received = collect<AppMessageEvent>(socket, events.appMessage(c.company.id));
    await c.channel.remove('gone-2');
    await drain(server, socket, c.company.id);
    expect(received).toEqual([
      expect.objectContaining({
        action: 'update',
        message: expect.objectContaining({ isDeleted: true, body: '', mediaUrl: null }),
      }),
    ]);
  });

  it('answers a chat without messages, and a page past the end, with the count', async () => {
    const company = await aCompany(server);
    const empty = await aTicket(server, company.id, { status: 'open', userId: company.admin.id });
    const list = async (ticketUuid: string, pageNumber = 1) =>
      (
        await server.call(
          api.messages.list,
          { params: { ticketUuid }, query: { pageNumber } },
          as(company.admin.token),
        )
      ).body;
    expect(await list(empty.uuid)).toEqual({ messages: [], hasMore: false });
    const c = await chat();
    const past = await server.call(
      api.messages.list,
      { params: { ticketUuid: c.ticket.uuid }, query: { pageNumber: 3 } },
      as(c.company.admin.token),
    );
    expect(past.body).toEqual({ messages: [], hasMore: false });
  });

  it('keeps, with selectedQueues, the messages of those queues and those without one', async () => {
    const c = await chat();
    const [sales, support] = [await aQueue(server, c.company.id), await aQueue(server, c.company.id)];
    await c.channel.inbound({ from: c.contact.number, body: 'em vendas', id: 'in-sales' });
    await c.channel.inbound({ from: c.contact.number, body: 'em suporte', id: 'in-support' });
    await server.database.db.update(messages).set({ queueId: sales.id }).where(eq(messages.wid, 'in-sales'));
    await server.database.db
      .update(messages)
      .set({ queueId: support.id })
      .where(eq(messages.wid, 'in-support'));
    const { body } = await server.call(
      api.messages.list,
      { params: { ticketUuid: c.ticket.uuid }, query: { selectedQueues: JSON.stringify([sales.id]) } },
      as(c.company.admin.token),
    );
    expect((body as { messages: Message[] }).messages.map((m) => m.body)).toEqual(['Olá', 'em vendas']);
  });

  it('refuses a ticket the caller may not see and does not find another company’s', async () => {
    const c = await chat();
    const outsider = await aUser(server, c.company.id);
    const other = await aCompany(server);
    const params = { ticketUuid: c.ticket.uuid };
    expect((await server.call(api.messages.list, { params }, as(outsider.token))).status).toBe(403);
    expect((await server.call(api.messages.list, { params }, as(other.admin.token))).status).toBe(404);
  });
});

describe('sending', () => {
  it('sends a text through the ticket’s connection and stores it from me with ack 0', async () => {
    const c = await chat();
    const res = await send(c.ticket.id, { body: 'Como posso ajudar?' }, c.company.admin.token);
    expect(res).toMatchObject({
      status: 200,
      body: { body: 'Como posso ajudar?', fromMe: true, ack: 0, user: { id: c.company.admin.id } },
    });
    const [sent] = await c.channel.sent();
    expect(sent).toMatchObject({ kind: 'text', to: c.contact.number, body: 'Como posso ajudar?' });
    expect((res.body as Message).wid).toBe(sent!.id);
    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.lastMessage).toBe('Como posso ajudar?');
  });

  it('fills the message variables of what the attendant writes (a quick message’s text), captions too', async () => {
    const c = await chat();
    const res = await send(
      c.ticket.id,
      { body: '*Company Admin:*\nOlá {{firstName}}, sou {{userName}}. Protocolo {{ticket_id}}.' },
      c.company.admin.token,
    );
    const expected = `*Company Admin:*\nOlá Ana, sou Company Admin. Protocolo ${c.ticket.id}.`;
    expect(res.body).toMatchObject({ body: expected });
    const files = await sendFiles(c.ticket.id, c.company.admin.token, { body: 'Segue, {{name}}' }, [
      new File([PNG], 'foto.png', { type: 'image/png' }),
    ]);
    expect(files.body).toMatchObject({ body: 'Segue, Ana Souza' });
    expect((await c.channel.sent()).map((s) => s.body)).toEqual([expected, 'Segue, Ana Souza']);
  });

  it('raises the ack as the channel reports, never lowering it', async () => {
    const c = await chat();
    const message = (await send(c.ticket.id, { body: 'oi' }, c.company.admin.token)).body as Message;
    const ackOf = async () =>
      (await server.database.db.select().from(messages).where(eq(messages.id, message.id)))[0]!.ack;
    await c.channel.ack(message.wid, 3);
    expect(await ackOf()).toBe(3);
    await c.channel.ack(message.wid, 2);
    expect(await ackOf()).toBe(3);
  });

  it('stores and sends a message once however often its clientId is sent', async () => {
    const c = await chat();
    const body = { body: 'uma vez', clientId: 'outbox-1' };
    const first = await send(c.ticket.id, body, c.company.admin.token);
    const again = await send(c.ticket.id, body, c.company.admin.token);
    expect((again.body as Message).id).toBe((first.body as Message).id);
    expect(await c.channel.sent()).toHaveLength(1);
  });

  it('refuses an empty message', async () => {
    const c = await chat();
    expect(await send(c.ticket.id, { body: '   ' }, c.company.admin.token)).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when the connection is not running', async () => {
    const c = await chat();
    await server.deps.channels.stop(c.connection.id);
    expect(await send(c.ticket.id, { body: 'oi' }, c.company.admin.token)).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_NOT_INITIALIZED' },
    });
  });

  it('stores a private note without sending it, even with the connection down', async () => {
    const c = await chat();
    await server.deps.channels.stop(c.connection.id);
    const res = await send(c.ticket.id, { body: 'cliente VIP', isPrivate: true }, c.company.admin.token);
    expect(res).toMatchObject({ status: 200, body: { body: 'cliente VIP', isPrivate: true, fromMe: true } });
  });

  it('quotes a message of the ticket, and refuses one of another ticket', async () => {
    const c = await chat();
    await c.channel.inbound({ from: c.contact.number, body: 'qual o preço?', id: 'q-1' });
    const [quoted] = await server.database.db.select().from(messages).where(eq(messages.wid, 'q-1'));
    const res = await send(
      c.ticket.id,
      { body: 'R$ 10', quotedMsg: { id: quoted!.id } },
      c.company.admin.token,
    );
    expect(res.body).toMatchObject({ quotedMsg: { id: quoted!.id, body: 'qual o preço?', fromMe: false } });
    expect((await c.channel.sent())[0]).toMatchObject({ quotedId: 'q-1' });
    const elsewhere = await chat();
    const [foreign] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, elsewhere.ticket.id));
    expect(
      (await send(c.ticket.id, { body: 'x', quotedMsg: { id: foreign!.id } }, c.company.admin.token)).status,
    ).toBe(404);
  });

  it('sends a contact card', async () => {
    const c = await chat();
    const res = await send(
      c.ticket.id,
      { vCard: { name: 'Bruno', number: '5511955554444' } },
      c.company.admin.token,
    );
    expect(res.body).toMatchObject({ mediaType: 'contactMessage' });
    expect((res.body as Message).body).toContain('BEGIN:VCARD');
    expect((await c.channel.sent())[0]).toMatchObject({ kind: 'contact' });
  });

  it('sends files with their caption and serves them to the company’s users only', async () => {
    const c = await chat();
    const res = await sendFiles(c.ticket.id, c.company.admin.token, { body: 'o recibo' }, [
      new File([PNG], 'recibo.png', { type: 'image/png' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mediaType: 'image', body: 'o recibo' });
    expect(res.body.mediaUrl).toBe(`/api/messages/media/${res.body.id}`);
    expect((await c.channel.sent())[0]).toMatchObject({
      kind: 'media',
      body: 'o recibo',
      media: { filename: 'recibo.png', mimetype: 'image/png', size: PNG.length },
    });
    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.lastMessage).toBe('recibo.png');

    const own = await fetchMedia(res.body.mediaUrl!, c.company.admin.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const other = await aCompany(server);
    expect((await fetchMedia(res.body.mediaUrl!, other.admin.token)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: res.body.mediaUrl! })).statusCode).toBe(401);
  });

  it("serves a message's file only to users who may see its ticket", async () => {
    const c = await chat();
    const res = await sendFiles(c.ticket.id, c.company.admin.token, {}, [
      new File([PNG], 'privado.png', { type: 'image/png' }),
    ]);
    const queue = await aQueue(server, c.company.id);
    const elsewhere = await aQueue(server, c.company.id);
    await server.database.db.update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, c.ticket.id));
    const outsider = await aUser(server, c.company.id, { queueIds: [elsewhere.id] });
    const shown = await server.call(
      api.tickets.showByUuid,
      { params: { uuid: c.ticket.uuid } },
      as(outsider.token),
    );
    expect(shown.status).toBe(403);
    expect((await fetchMedia(res.body.mediaUrl!, outsider.token)).statusCode).toBe(403);
    expect((await fetchMedia(res.body.mediaUrl!, c.company.admin.token)).statusCode).toBe(200);
  });

  it('refuses and removes from disk the file of a message deleted under LGPD', async () => {
    const c = await chat();
    const db = tenantDb(server.database.db, c.company.id);
    await writeCompanySetting(db, 'enableLGPD', 'enabled');
    await writeCompanySetting(db, 'lgpdDeleteMessage', 'enabled');
    const res = await sendFiles(c.ticket.id, c.company.admin.token, {}, [
      new File([PNG], 'apagar.png', { type: 'image/png' }),
    ]);
    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, res.body.id));
    const stored = row!.mediaUrl!;
    expect(await findMedia(server.deps.media, c.company.id, stored)).toBeDefined();
    const removed = await server.call(
      api.messages.remove,
      { params: { messageId: res.body.id } },
      as(c.company.admin.token),
    );
    expect(removed.status).toBe(200);
    expect((await fetchMedia(res.body.mediaUrl!, c.company.admin.token)).statusCode).toBe(404);
    expect(await findMedia(server.deps.media, c.company.id, stored)).toBeUndefined();
  });

  it('serves a file a browser could run as a download, never inline', async () => {
    const c = await chat();
    const res = await sendFiles(c.ticket.id, c.company.admin.token, {}, [
      new File(['<script>alert(1)</script>'], 'page.html', { type: 'text/html' }),
    ]);
    expect(res.body).toMatchObject({ mediaType: 'application', body: 'page.html' });
    const served = await fetchMedia(res.body.mediaUrl!, c.company.admin.token);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it('does not let another company send to, or read, a ticket', async () => {
    const c = await chat();
    const other = await aCompany(server);
    expect(await send(c.ticket.id, { body: 'intruso' }, other.admin.token)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect(await c.channel.sent()).toEqual([]);
  });
});

describe('editing and deleting', () => {
  it('edits the caller’s own message within 15 minutes, on the channel too', async () => {
    const c = await chat();
    const message = (await send(c.ticket.id, { body: 'erado' }, c.company.admin.token)).body as Message;
    const res = await server.call(
      api.messages.edit,
      { params: { messageId: message.id }, body: { body: 'errado' } },
      as(c.company.admin.token),
    );
    expect(res.body).toMatchObject({ id: message.id, body: 'errado', isEdited: true });
    expect((await c.channel.sent()).at(-1)).toMatchObject({
      kind: 'edit',
      body: 'errado',
      quotedId: message.wid,
    });
  });

  it('refuses to edit after 15 minutes, or someone else’s message', async () => {
    const c = await chat();
    const message = (await send(c.ticket.id, { body: 'antigo' }, c.company.admin.token)).body as Message;
    const colleague = await aUser(server, c.company.id, { profile: 'admin' });
    const edit = (token: string) =>
      server.call(
        api.messages.edit,
        { params: { messageId: message.id }, body: { body: 'novo' } },
        as(token),
      );
    expect(await edit(colleague.token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    await server.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 900_001) })
      .where(eq(messages.id, message.id));
    expect(await edit(c.company.admin.token)).toMatchObject({
      status: 400,
      body: { error: 'ERR_EDIT_WINDOW_EXPIRED' },
    });
    const [inbound] = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, c.ticket.id), eq(messages.fromMe, false)));
    expect(
      (
        await server.call(
          api.messages.edit,
          { params: { messageId: inbound!.id }, body: { body: 'x' } },
          as(c.company.admin.token),
        )
      ).status,
    ).toBe(403);
  });

  it('deletes the caller’s own message for everyone, and refuses others’', async () => {
    const c = await chat();
    const message = (await send(c.ticket.id, { body: 'ops' }, c.company.admin.token)).body as Message;
    const colleague = await aUser(server, c.company.id, { profile: 'admin' });
    const remove = (token: string) =>
      server.call(api.messages.remove, { params: { messageId: message.id } }, as(token));
    expect((await remove(colleague.token)).status).toBe(403);
    expect((await remove(c.company.admin.token)).body).toMatchObject({ id: message.id, isDeleted: true });
    expect((await c.channel.sent()).at(-1)).toMatchObject({ kind: 'delete', quotedId: message.wid });
    const other = await aCompany(server);
    expect((await remove(other.admin.token)).status).toBe(404);
  });
});

describe('forwarding', () => {
  it('forwards into the contact’s ticket going on, marked forwarded and signed', async () => {
    const c = await chat();
    const [source] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, c.ticket.id));
    const target = await aContact(server, c.company.id);
    const going = await aTicket(server, c.company.id, { contactId: target.id, whatsappId: c.connection.id });
    const res = await server.call(
      api.messages.forward,
      { body: { messageId: source!.id, contactId: target.id, signMessage: true } },
      as(c.company.admin.token),
    );
    expect(res.body).toMatchObject({ ticketId: going.id, isForwarded: true, body: '*Company Admin:*\nOlá' });
    expect((await c.channel.sent())[0]).toMatchObject({ to: target.number, body: '*Company Admin:*\nOlá' });
  });

  it('opens a ticket for the caller when the contact has none going on, media included', async () => {
    const c = await chat();
    const withFile = await sendFiles(c.ticket.id, c.company.admin.token, {}, [
      new File([PNG], 'foto.png', { type: 'image/png' }),
    ]);
    const target = await aContact(server, c.company.id);
    const res = await server.call(
      api.messages.forward,
      { body: { messageId: withFile.body.id, contactId: target.id } },
      as(c.company.admin.token),
    );
    const forwarded = res.body as Message;
    expect(forwarded).toMatchObject({ isForwarded: true, mediaType: 'image' });
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, forwarded.ticketId));
    expect(ticket).toMatchObject({ contactId: target.id, status: 'open', userId: c.company.admin.id });
    expect((await fetchMedia(forwarded.mediaUrl!, c.company.admin.token)).rawPayload.equals(PNG)).toBe(true);
  });

  it('does not forward to another company’s contact', async () => {
    const c = await chat();
    const [source] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, c.ticket.id));
    const other = await aCompany(server);
    const foreign = await aContact(server, other.id);
    expect(
      await server.call(
        api.messages.forward,
        { body: { messageId: source!.id, contactId: foreign.id } },
        as(c.company.admin.token),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });
});

describe('visibility of messages', () => {
  it('lets a user send to a waiting ticket of their queue but not to one of another queue', async () => {
    const c = await chat();
    const mine = await aQueue(server, c.company.id);
    const user = await aUser(server, c.company.id, { queueIds: [mine.id] });
    const waiting = await aTicket(server, c.company.id, { whatsappId: c.connection.id, queueId: mine.id });
    expect((await send(waiting.id, { body: 'oi' }, user.token)).status).toBe(200);
    const theirs = await aTicket(server, c.company.id, {
      whatsappId: c.connection.id,
      queueId: (await aQueue(server, c.company.id)).id,
    });
    expect((await send(theirs.id, { body: 'oi' }, user.token)).status).toBe(403);
    const ticket = (
      await server.call(api.tickets.showByUuid, { params: { uuid: waiting.uuid } }, as(user.token))
    ).body as Ticket;
    expect(ticket.lastMessage).toBe('oi');
  });
});
