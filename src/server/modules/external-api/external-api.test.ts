import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { type AppMessageEvent, events } from '../../../shared/realtime';
import { TestDriver } from '../../channels/test/driver';
import { companies, contacts, messages, plans, ticketLogs, tickets } from '../../db/schema';
import { aConnectedWhatsapp, aConnection, aContact, aTicket, collect, drain } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

/* POST /api/messages/send over real HTTP; WhatsApp is the offline socket. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const NUMBER = '5511977776666';
const JID = `${NUMBER}@s.whatsapp.net`;

/** A request to the endpoint as another program makes it: JSON, or multipart with files. */
async function send(target: TestServer, token: string | undefined, body: Record<string, unknown> | FormData) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const isForm = body instanceof FormData;
  if (!isForm) headers['content-type'] = 'application/json';
  const res = await fetch(`${target.url}/api/messages/send`, {
    method: 'POST',
    headers,
    body: isForm ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A company whose connected WhatsApp connection has a token; NUMBER is on WhatsApp. */
async function aCompanyWithToken(fields: Parameters<typeof aConnectedWhatsapp>[2] = {}) {
  const company = await aCompany(server);
  const token = randomBytes(15).toString('hex');
  const { row, socket } = await aConnectedWhatsapp(server, company.id, { token, ...fields });
  socket.registered.set(JID, JID);
  return { company, connection: row, socket, token };
}

const ticketRow = async (id: number) =>
  (await server.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

const messagesOf = (companyId: number) =>
  server.database.db
    .select()
    .from(messages)
    .where(eq(messages.companyId, companyId))
    .orderBy(asc(messages.id));

const logsOf = async (ticketId: number) =>
  (
    await server.database.db
      .select({ type: ticketLogs.type, userId: ticketLogs.userId, queueId: ticketLogs.queueId })
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, ticketId))
      .orderBy(asc(ticketLogs.id))
  ).map((log) => log.type);

describe('sending through the external API', () => {
  it('sends a text to a new number: the contact and a waiting ticket are made, the inbox sees the message', async () => {
    const { company, connection, socket, token } = await aCompanyWithToken();
    const watcher = await server.socket(company.admin.token);
    await watcher.emitWithAck('joinNotification');
    const announced = collect<AppMessageEvent>(watcher, events.appMessage(company.id));

    expect(
      await send(server, token, { number: '+55 (11) 97777-6666', body: 'Seu pedido saiu para entrega' }),
    ).toEqual({
      status: 200,
      body: { status: 'SUCCESS' },
    });
    expect(socket.calledWith('sendMessage')).toEqual([[JID, { text: 'Seu pedido saiu para entrega' }, {}]]);
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ body: 'Seu pedido saiu para entrega', fromMe: true, userId: null });
    expect(message!.wid).toMatch(/^3EB0OUT/);
    const ticket = await ticketRow(message!.ticketId);
    expect(ticket).toMatchObject({
      whatsappId: connection.id,
      status: 'pending',
      lastMessage: 'Seu pedido saiu para entrega',
    });
    const [contact] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, ticket.contactId));
    expect(contact).toMatchObject({ number: NUMBER, companyId: company.id });

    await drain(server, watcher, company.id);
    expect(announced).toContainEqual(
      expect.objectContaining({ action: 'create', message: expect.objectContaining({ id: message!.id }) }),
    );
  });

  it('reuses the contact and the ticket already going on', async () => {
    const { company, connection, token } = await aCompanyWithToken();
    const contact = await aContact(server, company.id, { number: NUMBER, name: 'Maria' });
    const going = await aTicket(server, company.id, {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'open',
    });
    expect((await send(server, token, { number: NUMBER, body: 'Olá de novo' })).status).toBe(200);
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ ticketId: going.id, contactId: contact.id });
    const names = await server.database.db
      .select({ name: contacts.name })
      .from(contacts)
      .where(eq(contacts.companyId, company.id));
    expect(names).toEqual([{ name: 'Maria' }]);
  });

  it('opens the ticket for the user it names, in the queue it names, with their signature', async () => {
    const { company, token } = await aCompanyWithToken();
    const queue = await aQueue(server, company.id, 'Entregas');
    const ana = await aUser(server, company.id, { name: 'Ana' });
    const res = await send(server, token, {
      number: NUMBER,
      body: 'Chegou!',
      userId: ana.id,
      queueId: queue.id,
      sendSignature: true,
    });
    expect(res.status).toBe(200);
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ body: '*Ana:*\nChegou!', userId: ana.id, queueId: queue.id });
    expect(await ticketRow(message!.ticketId)).toMatchObject({
      status: 'open',
      userId: ana.id,
      queueId: queue.id,
    });
    expect(await logsOf(message!.ticketId)).toEqual(['create', 'queue', 'open']);
  });

  it('closes the ticket once sent when asked, without a farewell', async () => {
    const { company, socket, token } = await aCompanyWithToken({ complationMessage: 'Até logo!' });
    expect(
      (await send(server, token, { number: NUMBER, body: 'Seu código é 1234', closeTicket: true })).status,
    ).toBe(200);
    const [message] = await messagesOf(company.id);
    expect(await ticketRow(message!.ticketId)).toMatchObject({ status: 'closed' });
    expect(await logsOf(message!.ticketId)).toEqual(['create', 'closed']);
    expect(socket.calledWith('sendMessage').map(([, content]) => content)).toEqual([
      { text: 'Seu código é 1234' },
    ]);
  });

  it('sends files given as multipart medias with the body as their caption', async () => {
    const { company, socket, token } = await aCompanyWithToken();
    const form = new FormData();
    form.append('number', NUMBER);
    form.append('body', 'Segue o boleto');
    form.append('closeTicket', 'true');
    form.append('medias', new Blob(['%PDF-1.7 boleto'], { type: 'application/pdf' }), 'boleto.pdf');
    form.append('medias', new Blob(['fake png'], { type: 'image/png' }), 'qr.png');
    expect(await send(server, token, form)).toEqual({ status: 200, body: { status: 'SUCCESS' } });
    const sent = socket.calledWith('sendMessage').map(([, content]) => content as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      document: expect.any(Buffer),
      fileName: 'boleto.pdf',
      caption: 'Segue o boleto',
    });
    expect(sent[1]).toMatchObject({ image: expect.any(Buffer), caption: 'Segue o boleto' });
    const stored = await messagesOf(company.id);
    expect(stored.map((m) => [m.body, m.mediaType])).toEqual([
      ['Segue o boleto', 'application'],
      ['Segue o boleto', 'image'],
    ]);
    expect(stored.every((m) => m.mediaUrl)).toBe(true);
    expect(await ticketRow(stored[0]!.ticketId)).toMatchObject({ status: 'closed', lastMessage: 'qr.png' });
  });

  it('answers the validation messages of the fields', async () => {
    const { company, token } = await aCompanyWithToken();
    expect(await send(server, token, { body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
    expect(await send(server, token, { number: '1234', body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'Too Short!' },
    });
    expect(await send(server, token, { number: NUMBER, body: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
    expect((await send(server, token, { number: NUMBER, body: 'oi', userId: 'ana' })).status).toBe(400);
    expect(await messagesOf(company.id)).toEqual([]);
  });

  it('refuses a missing token (401), a token of no connection and a plan without the external API (403)', async () => {
    const { token } = await aCompanyWithToken();
    expect(await send(server, undefined, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 401,
      body: { error: 'ERR_UNAUTHENTICATED' },
    });
    expect(await send(server, `${token}x`, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_INVALID_API_TOKEN' },
    });
    // A user's session token is no connection token either.
    const user = await aCompany(server);
    expect(await send(server, user.admin.token, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_INVALID_API_TOKEN' },
    });

    const [plan] = await server.database.db
      .insert(plans)
      .values({ name: `Sem API ${randomBytes(3).toString('hex')}`, useExternalApi: false })
      .returning();
    const { company, token: blocked } = await aCompanyWithToken();
    await server.database.db.update(companies).set({ planId: plan!.id }).where(eq(companies.id, company.id));
    expect(await send(server, blocked, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_EXTERNAL_API_DISABLED' },
    });
    expect(await messagesOf(company.id)).toEqual([]);
  });

  it("refuses an inactive company's token with ERR_COMPANY_INACTIVE, sending nothing", async () => {
    const { company, token } = await aCompanyWithToken();
    await server.database.db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    expect(await send(server, token, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_COMPANY_INACTIVE' },
    });
    expect(await messagesOf(company.id)).toEqual([]);
  });

  it("refuses an overdue company's token with 402 ERR_SUBSCRIPTION_EXPIRED, sending nothing, until it pays", async () => {
    const { company, token } = await aCompanyWithToken();
    await server.database.db
      .update(companies)
      .set({ dueDate: '2020-01-01' })
      .where(eq(companies.id, company.id));
    expect(await send(server, token, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 402,
      body: { error: 'ERR_SUBSCRIPTION_EXPIRED' },
    });
    expect(await messagesOf(company.id)).toEqual([]);
    await server.database.db
      .update(companies)
      .set({ dueDate: '2999-01-01' })
      .where(eq(companies.id, company.id));
    expect((await send(server, token, { number: NUMBER, body: 'oi' })).status).toBe(200);
  });

  it('answers ERR_WAPP_INVALID_CONTACT, ERR_WAPP_CHECK_CONTACT and ERR_WAPP_NOT_INITIALIZED, sending nothing', async () => {
    const { company, socket, token } = await aCompanyWithToken();
    expect(await send(server, token, { number: '5511900000000', body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    socket.failing = new Error('Connection Closed');
    expect(await send(server, token, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_CHECK_CONTACT' },
    });
    socket.failing = undefined;
    const idle = randomBytes(15).toString('hex');
    await aConnection(server, company.id, { channel: 'instagram', token: idle });
    expect(await send(server, idle, { number: NUMBER, body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_NOT_INITIALIZED' },
    });
    expect(await messagesOf(company.id)).toEqual([]);
    expect(
      await server.database.db.select().from(contacts).where(eq(contacts.companyId, company.id)),
    ).toEqual([]);
  });

  it('refuses free text to a Cloud API contact who has not written within 24 hours, as the chat does', async () => {
    const company = await aCompany(server);
    // The Cloud API's driver stands in as the test driver: only the window is under test here.
    server.deps.channels.register('whatsappapi', (_connection, events) => new TestDriver(events));
    const token = randomBytes(15).toString('hex');
    const cloud = await aConnection(server, company.id, { channel: 'whatsappapi', token });
    expect(await send(server, token, { number: NUMBER, body: 'Promoção!' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_REPLY_WINDOW_CLOSED' },
    });
    expect(await messagesOf(company.id)).toEqual([]);
    const driver = server.deps.channels.driverOf(cloud.id) as TestDriver;
    await driver.receive({
      id: 'wamid.IN1',
      from: NUMBER,
      fromMe: false,
      timestamp: new Date(),
      body: 'Olá',
    });
    expect((await send(server, token, { number: NUMBER, body: 'Olá! Como posso ajudar?' })).status).toBe(200);
  });

  it('keeps to the token’s company: another company’s user, queue and contact are out of reach', async () => {
    const { company, token } = await aCompanyWithToken();
    const other = await aCompany(server);
    const stranger = await aUser(server, other.id);
    const theirQueue = await aQueue(server, other.id);
    const theirContact = await aContact(server, other.id, { number: NUMBER, name: 'Deles' });
    const theirWatcher = await server.socket(other.admin.token);
    await theirWatcher.emitWithAck('joinNotification');
    const leaked = collect(theirWatcher, events.appMessage(other.id));

    expect(await send(server, token, { number: NUMBER, body: 'oi', userId: stranger.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_USER_FOUND' },
    });
    expect(await send(server, token, { number: NUMBER, body: 'oi', queueId: theirQueue.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
    expect((await send(server, token, { number: NUMBER, body: 'oi', companyId: other.id })).status).toBe(200);

    const [mine] = await messagesOf(company.id);
    expect(mine!.contactId).not.toBe(theirContact.id);
    expect(await messagesOf(other.id)).toEqual([]);
    expect(
      await server.database.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, other.id), eq(tickets.contactId, theirContact.id))),
    ).toEqual([]);
    await drain(server, theirWatcher, other.id);
    expect(leaked).toEqual([]);
  });

  it('limits the sends per token and minute, each token on its own', async () => {
    const limited = await startTestServer({ apiRateLimit: 2 });
    try {
      const company = await aCompany(limited);
      await aConnection(limited, company.id, { channel: 'instagram', token: 'token-one' });
      await aConnection(limited, company.id, { channel: 'instagram', token: 'token-two' });
      const once = (token: string) => send(limited, token, { number: NUMBER, body: 'oi' });
      // Not connected: each call is answered, and counted.
      expect((await once('token-one')).status).toBe(400);
      expect((await once('token-one')).status).toBe(400);
      expect(await once('token-one')).toMatchObject({
        status: 429,
        body: { error: 'ERR_TOO_MANY_REQUESTS' },
      });
      expect((await once('token-two')).status).toBe(400);
    } finally {
      await limited.stop();
    }
  });
});

describe('the send test of the /messages-api page', () => {
  it('sends with a token of the admin’s own company', async () => {
    const { company, socket, token } = await aCompanyWithToken();
    const res = await server.call(
      api.externalApi.test,
      { body: { token, number: NUMBER, body: 'Teste da API' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 200, body: { status: 'SUCCESS' } });
    expect(socket.calledWith('sendMessage')).toEqual([[JID, { text: 'Teste da API' }, {}]]);
  });

  it('treats another company’s token as unknown and is for admins only', async () => {
    const { company, token } = await aCompanyWithToken();
    const other = await aCompany(server);
    expect(
      await server.call(
        api.externalApi.test,
        { body: { token, number: NUMBER, body: 'oi' } },
        { token: other.admin.token },
      ),
    ).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_API_TOKEN' } });
    const plain = await aUser(server, company.id);
    expect(
      await server.call(
        api.externalApi.test,
        { body: { token, number: NUMBER, body: 'oi' } },
        { token: plain.token },
      ),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await messagesOf(company.id)).toEqual([]);
  });
});

describe('the OpenAPI description', () => {
  it('describes the send endpoint and its fields to anyone', async () => {
    const res = await fetch(`${server.url}/api/messages-api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } }
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const { content } = doc.paths['/messages/send']!.post.requestBody;
    expect(Object.keys(content['application/json']!.schema.properties).sort()).toEqual(
      ['body', 'closeTicket', 'number', 'queueId', 'sendSignature', 'userId'].sort(),
    );
    expect(content['multipart/form-data']!.schema.properties).toHaveProperty('medias');
  });
});
