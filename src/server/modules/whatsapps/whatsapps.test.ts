import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type {
  CompanyConnections,
  Connection,
  ConnectionDetail,
  WhatsappEvent,
  WhatsappSessionEvent,
} from '../../../shared/api/whatsapps';
import { events } from '../../../shared/realtime';
import { plans, tickets, whatsappAuth, whatsapps } from '../../db/schema';
import { aConnection, aContact, aTicket } from '../../test/builders';
import { aCompany, aQueue, aUser, SUPER, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
/** The sockets the drivers made, per connection; none of them touches the network. */
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

const create = (token: string, body: Record<string, unknown>) =>
  server.call(api.whatsapps.create, { body: body as { name: string } }, as(token));

const update = (token: string, id: number, body: Record<string, unknown>) =>
  server.call(api.whatsapps.update, { params: { id }, body }, as(token));

async function rowOf(id: number) {
  const [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row;
}

/** Drivers store what happened from their event handlers, a moment later: wait for it. */
const rowBecomes = (id: number, expected: Partial<typeof whatsapps.$inferSelect>) =>
  vi.waitFor(async () => expect(await rowOf(id)).toMatchObject(expected));

const socketOf = (id: number) => {
  const socket = server.whatsapp.socketOf(id);
  if (!socket) throw new Error(`no socket for connection ${id}`);
  return socket;
};

const aPlan = async (connections: number) =>
  (
    await server.database.db
      .insert(plans)
      .values({ name: `Conexões ${randomBytes(3).toString('hex')}`, connections })
      .returning()
  )[0]!;

describe('listing connections', () => {
  it('answers the company connections by name with their queues to a plain user, never the token', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const sales = await aQueue(server, company.id, 'Vendas');
    const support = await aQueue(server, company.id, 'Suporte');
    await aConnection(server, company.id, {
      name: 'Loja',
      channel: 'whatsapp',
      isDefault: true,
      token: 'secret-token',
      number: '5511900001111',
      queueIds: [sales.id, support.id],
    });
    const instagram = await aConnection(server, company.id, { name: 'Instagram', channel: 'instagram' });
    // Without a token the Graph session reports OPENING, then DISCONNECTED once its check fails.
    await rowBecomes(instagram.id, { status: 'DISCONNECTED' });
    const res = await server.call(api.whatsapps.list, {}, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        name: 'Instagram',
        channel: 'instagram',
        status: 'DISCONNECTED',
        isDefault: false,
        number: null,
        queues: [],
      }),
      expect.objectContaining({
        name: 'Loja',
        channel: 'whatsapp',
        isDefault: true,
        number: '5511900001111',
        updatedAt: expect.any(String),
        queues: [
          { id: support.id, name: 'Suporte', color: support.color },
          { id: sales.id, name: 'Vendas', color: sales.color },
        ],
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('secret-token');
  });

  it('shows nothing of another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aConnection(server, a.id, { name: 'Only in A', channel: 'instagram' });
    expect(await server.call(api.whatsapps.list, {}, { token: b.admin.token })).toMatchObject({
      status: 200,
      body: [],
    });
  });
});

describe('GET /whatsapp/:id', () => {
  it('answers the dialog fields; the QR code only to those who may connect', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    // The test channel has no driver in this server: the stored status stays as written.
    const row = await aConnection(server, company.id, {
      name: 'Loja',
      channel: 'test',
      greetingMessage: 'Olá',
      qrcode: 'qr-text',
      status: 'qrcode',
    });
    const admin = await server.call(api.whatsapps.show, { params: { id: row.id } }, as(company.admin.token));
    expect(admin).toMatchObject({
      status: 200,
      body: {
        id: row.id,
        name: 'Loja',
        greetingMessage: 'Olá',
        complationMessage: null,
        allowGroup: false,
        groupAsTicket: 'disabled',
        timeCreateNewTicket: 0,
        maxUseBotQueues: 3,
        timeUseBotQueues: 0,
        qrcode: 'qr-text',
        retries: 0,
      },
    });
    const plain = await server.call(api.whatsapps.show, { params: { id: row.id } }, as(user.token));
    expect(plain).toMatchObject({ status: 200, body: { name: 'Loja', qrcode: '' } });
  });

  it("answers ERR_NO_WAPP_FOUND for another company's connection", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const row = await aConnection(server, a.id, { channel: 'instagram' });
    expect(
      await server.call(api.whatsapps.show, { params: { id: row.id } }, as(b.admin.token)),
    ).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
  });
});

describe('creating and editing connections', () => {
  it('validates the name (2–50) and the fields', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    expect(await create(token, { name: 'A' })).toMatchObject({ status: 400, body: { error: 'Too Short!' } });
    expect(await create(token, { name: 'x'.repeat(51) })).toMatchObject({
      status: 400,
      body: { error: 'Too Long!' },
    });
    expect(await create(token, { name: '  ' })).toMatchObject({ status: 400, body: { error: 'Required' } });
    expect((await create(token, { name: 'Loja', channel: 'telegram' })).status).toBe(400);
    expect((await create(token, { name: 'Loja', groupAsTicket: 'maybe' })).status).toBe(400);
    expect((await create(token, { name: 'Loja', timeCreateNewTicket: -1 })).status).toBe(400);
    expect((await server.call(api.whatsapps.list, {}, as(token))).body).toEqual([]);
  });

  it('creates a WhatsApp connection with its fields and queues, the first one default, and announces it', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Vendas');
    const socket = await server.socket(company.admin.token);
    const announced = new Promise<WhatsappEvent>((resolve) =>
      socket.on(events.whatsapp(company.id), (e: WhatsappEvent) => {
        if (e.action === 'update' && e.whatsapp.name === 'Loja') resolve(e);
      }),
    );
    const res = await create(company.admin.token, {
      name: ' Loja ',
      queueIds: [queue.id],
      greetingMessage: 'Olá!',
      complationMessage: 'Tchau',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      allowGroup: true,
      groupAsTicket: 'enabled',
      timeCreateNewTicket: 30,
      maxUseBotQueues: 5,
      timeUseBotQueues: 10,
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        name: 'Loja',
        channel: 'whatsapp',
        isDefault: true,
        queues: [{ id: queue.id, name: 'Vendas', color: queue.color }],
        greetingMessage: 'Olá!',
        complationMessage: 'Tchau',
        outOfHoursMessage: 'Fechado',
        ratingMessage: 'Avalie',
        allowGroup: true,
        groupAsTicket: 'enabled',
        timeCreateNewTicket: 30,
        maxUseBotQueues: 5,
        timeUseBotQueues: 10,
      },
    });
    expect((await announced).action).toBe('update');
    const second = await create(company.admin.token, { name: 'Segunda' });
    expect(second).toMatchObject({ status: 200, body: { isDefault: false } });
  });

  it('keeps one default per company: making one default unsets the other', async () => {
    const company = await aCompany(server);
    const first = (await create(company.admin.token, { name: 'Primeira' })).body as ConnectionDetail;
    const second = (await create(company.admin.token, { name: 'Segunda', isDefault: true }))
      .body as ConnectionDetail;
    expect(second.isDefault).toBe(true);
    expect((await rowOf(first.id))!.isDefault).toBe(false);
    expect(await update(company.admin.token, first.id, { isDefault: true })).toMatchObject({
      status: 200,
      body: { isDefault: true },
    });
    expect((await rowOf(second.id))!.isDefault).toBe(false);
    // The default moves by choosing another one, never by unsetting it.
    expect(await update(company.admin.token, first.id, { isDefault: false })).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    // Another company's default is untouched.
    const other = await aCompany(server);
    const theirs = (await create(other.admin.token, { name: 'Deles' })).body as ConnectionDetail;
    await update(company.admin.token, second.id, { isDefault: true });
    expect((await rowOf(theirs.id))!.isDefault).toBe(true);
  });

  it('requires a greeting with more than one queue (ERR_WAPP_GREETING_REQUIRED)', async () => {
    const company = await aCompany(server);
    const a = await aQueue(server, company.id, 'A');
    const b = await aQueue(server, company.id, 'B');
    const token = company.admin.token;
    expect(await create(token, { name: 'Loja', queueIds: [a.id, b.id], greetingMessage: ' ' })).toMatchObject(
      {
        status: 400,
        body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
      },
    );
    const one = (await create(token, { name: 'Loja', queueIds: [a.id] })).body as ConnectionDetail;
    expect(await update(token, one.id, { queueIds: [a.id, b.id] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });
    expect(await update(token, one.id, { queueIds: [a.id, b.id], greetingMessage: 'Escolha' })).toMatchObject(
      {
        status: 200,
      },
    );
    expect(await update(token, one.id, { greetingMessage: null })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });
  });

  it("refuses another company's queues and connections", async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const foreign = await aQueue(server, other.id, 'Deles');
    expect(await create(company.admin.token, { name: 'Loja', queueIds: [foreign.id] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
    const theirs = await aConnection(server, other.id, { name: 'Deles', channel: 'instagram' });
    expect(await update(company.admin.token, theirs.id, { name: 'Minha' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
    expect(
      await server.call(api.whatsapps.remove, { params: { id: theirs.id } }, as(company.admin.token)),
    ).toMatchObject({ status: 404 });
    expect(
      await server.call(api.whatsapps.disconnect, { params: { id: theirs.id } }, as(company.admin.token)),
    ).toMatchObject({ status: 404 });
    expect((await rowOf(theirs.id))!.name).toBe('Deles');
  });

  it("refuses a connection beyond the plan's limit, counting only the company's own", async () => {
    const plan = await aPlan(2);
    const company = await aCompany(server, { planId: plan.id });
    const other = await aCompany(server, { planId: plan.id });
    await aConnection(server, other.id, { channel: 'instagram' });
    await aConnection(server, other.id, { channel: 'instagram' });
    expect((await create(company.admin.token, { name: 'Um' })).status).toBe(200);
    await aConnection(server, company.id, { channel: 'instagram' });
    expect(await create(company.admin.token, { name: 'Três' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_CONNECTION_LIMIT_REACHED' },
    });
  });

  it('lets only one of two simultaneous creations take the last place of the plan', async () => {
    const company = await aCompany(server, { planId: (await aPlan(1)).id });
    const results = await Promise.all([
      create(company.admin.token, { name: 'Alfa' }),
      create(company.admin.token, { name: 'Beta' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('refuses WhatsApp connections to a plan without useWhatsapp', async () => {
    const [plan] = await server.database.db
      .insert(plans)
      .values({ name: `Sem WhatsApp ${randomBytes(3).toString('hex')}`, connections: 5, useWhatsapp: false })
      .returning();
    const company = await aCompany(server, { planId: plan!.id });
    expect(await create(company.admin.token, { name: 'Loja' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
  });

  it('never tells that another company holds a token: that clash is an unusable token, one within the company is in use', async () => {
    const other = await aCompany(server);
    const token = randomBytes(15).toString('hex');
    await aConnection(server, other.id, { channel: 'instagram', token });
    const mine = await aCompany(server);
    expect(await create(mine.admin.token, { name: 'Loja', token })).toMatchObject({
      status: 400,
      body: { error: 'Invalid token' },
    });
    const created = await create(mine.admin.token, { name: 'Loja' });
    expect(created.status).toBe(200);
    const { id } = created.body as ConnectionDetail;
    expect(await update(mine.admin.token, id, { token })).toMatchObject({
      status: 400,
      body: { error: 'Invalid token' },
    });
    const own = randomBytes(15).toString('hex');
    expect((await update(mine.admin.token, id, { token: own })).status).toBe(200);
    expect(await create(mine.admin.token, { name: 'Loja 2', token: own })).toMatchObject({
      status: 409,
      body: { error: 'ERR_WAPP_TOKEN_IN_USE' },
    });
  });
});

describe('who manages connections', () => {
  it('refuses plain users and lets users with allowConnections act as admins', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const allowed = await aUser(server, company.id, { allowConnections: 'enabled' });
    expect(await create(plain.token, { name: 'Loja' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const created = await create(allowed.token, { name: 'Loja' });
    expect(created.status).toBe(200);
    const { id } = created.body as ConnectionDetail;
    const params = { params: { id } };
    expect(await update(plain.token, id, { name: 'Outra' })).toMatchObject({ status: 403 });
    expect(await server.call(api.whatsapps.remove, params, as(plain.token))).toMatchObject({ status: 403 });
    for (const route of [api.whatsapps.retrySession, api.whatsapps.newQr, api.whatsapps.disconnect]) {
      expect(await server.call(route, params, as(plain.token))).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect(await update(allowed.token, id, { name: 'Outra' })).toMatchObject({ status: 200 });
    expect(await server.call(api.whatsapps.disconnect, params, as(allowed.token))).toMatchObject({
      status: 200,
    });
    expect(await server.call(api.whatsapps.remove, params, as(allowed.token))).toMatchObject({ status: 200 });
  });
});

describe('the WhatsApp session', () => {
  it('stores and announces the QR code, turns CONNECTED with it cleared, and disconnects', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const adminSocket = await server.socket(company.admin.token);
    const userSocket = await server.socket(plain.token);
    const adminSessions: WhatsappSessionEvent[] = [];
    const userSessions: WhatsappSessionEvent[] = [];
    adminSocket.on(events.whatsappSession(company.id), (e: WhatsappSessionEvent) => adminSessions.push(e));
    userSocket.on(events.whatsappSession(company.id), (e: WhatsappSessionEvent) => userSessions.push(e));
    const rows: Connection[] = [];
    adminSocket.on(events.whatsapp(company.id), (e: WhatsappEvent) => {
      if (e.action === 'update') rows.push(e.whatsapp);
    });

    const { id } = (await create(company.admin.token, { name: 'Loja' })).body as ConnectionDetail;
    await rowBecomes(id, { status: 'qrcode', qrcode: expect.stringContaining('atendo-offline-qr') });
    const { qrcode } = (await rowOf(id))!;
    await vi.waitFor(() =>
      expect(adminSessions).toContainEqual({
        action: 'update',
        session: { id, status: 'qrcode', qrcode, retries: 1, number: null },
      }),
    );
    await vi.waitFor(() =>
      expect(userSessions).toContainEqual(
        expect.objectContaining({ session: expect.objectContaining({ status: 'qrcode', qrcode: '' }) }),
      ),
    );
    await vi.waitFor(() => expect(rows.map((r) => r.status)).toContain('qrcode'));

    socketOf(id).open('5511900002222:3@s.whatsapp.net');
    await rowBecomes(id, { status: 'CONNECTED', qrcode: '', retries: 0, number: '5511900002222' });
    await vi.waitFor(() =>
      expect(adminSessions.at(-1)).toEqual({
        action: 'update',
        session: { id, status: 'CONNECTED', qrcode: '', retries: 0, number: '5511900002222' },
      }),
    );

    const socket = socketOf(id);
    expect(
      await server.call(api.whatsapps.disconnect, { params: { id } }, as(company.admin.token)),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(socket.calledWith('logout')).toHaveLength(1);
    await rowBecomes(id, { status: 'DISCONNECTED', qrcode: '' });
    expect(server.deps.channels.connected(id)).toBeUndefined();
  });

  it('retries with the stored login and asks a new QR code without it', async () => {
    const company = await aCompany(server);
    const { id } = (await create(company.admin.token, { name: 'Loja' })).body as ConnectionDetail;
    await rowBecomes(id, { status: 'qrcode' });
    const first = socketOf(id);
    first.updateCreds({ me: { id: '5511900003333:1@s.whatsapp.net' } });
    first.open('5511900003333:1@s.whatsapp.net');
    await rowBecomes(id, { status: 'CONNECTED' });
    await vi.waitFor(async () =>
      expect(
        await server.database.db.select().from(whatsappAuth).where(eq(whatsappAuth.whatsappId, id)),
      ).not.toHaveLength(0),
    );

    expect(
      await server.call(api.whatsapps.retrySession, { params: { id } }, as(company.admin.token)),
    ).toMatchObject({ status: 200 });
    const retried = socketOf(id);
    expect(retried).not.toBe(first);
    // The login was kept: the new socket starts with the same account.
    expect(retried.config.auth.creds.me?.id).toBe('5511900003333:1@s.whatsapp.net');
    await rowBecomes(id, { status: 'qrcode' });

    expect(await server.call(api.whatsapps.newQr, { params: { id } }, as(company.admin.token))).toMatchObject(
      {
        status: 200,
      },
    );
    const fresh = socketOf(id);
    expect(retried.calledWith('logout')).toHaveLength(1);
    expect(fresh.config.auth.creds.me).toBeUndefined();
    await rowBecomes(id, { status: 'qrcode', qrcode: expect.stringContaining('atendo-offline-qr') });
  });

  it('answers ERR_WAPP_NOT_INITIALIZED for a channel without a driver here', async () => {
    const company = await aCompany(server);
    const row = await aConnection(server, company.id, { channel: 'test' });
    expect(
      await server.call(api.whatsapps.retrySession, { params: { id: row.id } }, as(company.admin.token)),
    ).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
  });
});

describe('pairing by phone number', () => {
  it('answers the code to type on the phone, turns PAIRING, then CONNECTED when the phone links', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const { id } = (await create(company.admin.token, { name: 'Loja' })).body as ConnectionDetail;
    await rowBecomes(id, { status: 'qrcode' });
    const pair = (token: string, number: unknown) =>
      server.call(
        api.whatsapps.pairingCode,
        { params: { id }, body: { number: number as string } },
        as(token),
      );

    expect(await pair(plain.token, '5511900004444')).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await pair(company.admin.token, 'abc')).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
    expect(await pair(company.admin.token, '1234')).toMatchObject({
      status: 400,
      body: { error: 'Too Short!' },
    });
    expect(await pair(company.admin.token, '+55 (11) 90000-4444')).toMatchObject({
      status: 200,
      body: { code: 'ABCD1234' },
    });
    expect(socketOf(id).calledWith('requestPairingCode')).toEqual([['5511900004444']]);
    await rowBecomes(id, { status: 'PAIRING', qrcode: '' });

    socketOf(id).open('5511900004444:2@s.whatsapp.net');
    await rowBecomes(id, { status: 'CONNECTED', number: '5511900004444' });
    expect(await pair(company.admin.token, '5511900004444')).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_ALREADY_CONNECTED' },
    });
  });

  it('starts a stopped session to pair it', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const { id } = (await create(token, { name: 'Loja' })).body as ConnectionDetail;
    await rowBecomes(id, { status: 'qrcode' });
    await server.call(api.whatsapps.disconnect, { params: { id } }, as(token));
    expect(server.deps.channels.driverOf(id)).toBeUndefined();
    expect(
      await server.call(
        api.whatsapps.pairingCode,
        { params: { id }, body: { number: '5511900005555' } },
        as(token),
      ),
    ).toMatchObject({ status: 200, body: { code: 'ABCD1234' } });
    await rowBecomes(id, { status: 'PAIRING' });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED for channels without pairing and nothing for another company's", async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const instagram = await aConnection(server, company.id, { channel: 'instagram' });
    const body = { number: '5511900006666' };
    expect(
      await server.call(
        api.whatsapps.pairingCode,
        { params: { id: instagram.id }, body },
        as(company.admin.token),
      ),
    ).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect(
      await server.call(
        api.whatsapps.pairingCode,
        { params: { id: instagram.id }, body },
        as(other.admin.token),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
  });
});

describe('restarting the connections (POST /whatsapp-restart)', () => {
  it("starts every connection of the caller's company again, each resuming its login", async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const plain = await aUser(server, company.id);
    const token = company.admin.token;
    const linked = (await create(token, { name: 'Linked' })).body as ConnectionDetail;
    const waiting = (await create(token, { name: 'Waiting' })).body as ConnectionDetail;
    const theirs = (await create(other.admin.token, { name: 'Theirs' })).body as ConnectionDetail;
    await rowBecomes(linked.id, { status: 'qrcode' });
    await rowBecomes(waiting.id, { status: 'qrcode' });
    await rowBecomes(theirs.id, { status: 'qrcode' });
    const before = socketOf(linked.id);
    before.updateCreds({ me: { id: '5511900007777:1@s.whatsapp.net' } });
    before.open('5511900007777:1@s.whatsapp.net');
    await rowBecomes(linked.id, { status: 'CONNECTED' });
    await vi.waitFor(async () =>
      expect(
        await server.database.db.select().from(whatsappAuth).where(eq(whatsappAuth.whatsappId, linked.id)),
      ).not.toHaveLength(0),
    );
    const waitingBefore = socketOf(waiting.id);
    const theirsBefore = socketOf(theirs.id);

    expect(await server.call(api.whatsapps.restart, {}, as(plain.token))).toMatchObject({ status: 403 });
    expect(socketOf(linked.id)).toBe(before);

    expect(await server.call(api.whatsapps.restart, {}, as(token))).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(before.calledWith('end')).toHaveLength(1);
    expect(socketOf(linked.id)).not.toBe(before);
    expect(socketOf(linked.id).config.auth.creds.me?.id).toBe('5511900007777:1@s.whatsapp.net');
    expect(socketOf(waiting.id)).not.toBe(waitingBefore);
    expect(socketOf(theirs.id)).toBe(theirsBefore);
    expect(theirsBefore.calledWith('end')).toHaveLength(0);
  });
});

describe('the overview of all connections (GET /whatsapp/all)', () => {
  it('shows the super administrator every company with its connections, and nobody else', async () => {
    const superToken = (await server.signIn(SUPER.email, SUPER.password)).token;
    const busy = await aCompany(server, { name: `Ocupada ${Date.now()}` });
    const idle = await aCompany(server, { name: `Parada ${Date.now()}` });
    // The test channel has no driver in this server: the stored statuses stay as written.
    const online = await aConnection(server, busy.id, {
      name: 'Online',
      channel: 'test',
      status: 'CONNECTED',
    });
    const offline = await aConnection(server, busy.id, { name: 'Offline', channel: 'test' });

    const res = await server.call(api.whatsapps.all, {}, as(superToken));
    expect(res.status).toBe(200);
    const companies = res.body as CompanyConnections[];
    expect(companies.find((c) => c.id === busy.id)).toEqual({
      id: busy.id,
      name: expect.stringContaining('Ocupada'),
      connections: [
        expect.objectContaining({ id: offline.id, name: 'Offline', status: 'DISCONNECTED' }),
        expect.objectContaining({ id: online.id, name: 'Online', status: 'CONNECTED' }),
      ],
    });
    expect(companies.find((c) => c.id === idle.id)).toMatchObject({ connections: [] });
    expect(JSON.stringify(companies)).not.toContain('token');

    expect(await server.call(api.whatsapps.all, {}, as(busy.admin.token))).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
  });
});

describe('deleting a connection', () => {
  it('stops its session and keeps its tickets without it', async () => {
    const company = await aCompany(server);
    const socket = await server.socket(company.admin.token);
    const deleted = new Promise<WhatsappEvent>((resolve) =>
      socket.on(events.whatsapp(company.id), (e: WhatsappEvent) => {
        if (e.action === 'delete') resolve(e);
      }),
    );
    const first = (await create(company.admin.token, { name: 'Primeira' })).body as ConnectionDetail;
    const second = (await create(company.admin.token, { name: 'Segunda' })).body as ConnectionDetail;
    await rowBecomes(second.id, { status: 'qrcode' });
    const contact = await aContact(server, company.id);
    const ticket = await aTicket(server, company.id, { contactId: contact.id, whatsappId: second.id });
    const running = socketOf(second.id);

    expect(
      await server.call(api.whatsapps.remove, { params: { id: second.id } }, as(company.admin.token)),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(await deleted).toEqual({ action: 'delete', whatsappId: second.id });
    expect(running.calledWith('end')).toHaveLength(1);
    expect(server.deps.channels.driverOf(second.id)).toBeUndefined();
    expect(await rowOf(second.id)).toBeUndefined();
    const [kept] = await server.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(kept).toMatchObject({ id: ticket.id, whatsappId: null });
    expect((await rowOf(first.id))!.isDefault).toBe(true);
  });

  it('refuses to delete the default while other connections remain (ERR_NO_OTHER_WHATSAPP), not the last one', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const first = (await create(token, { name: 'Primeira' })).body as ConnectionDetail;
    const second = (await create(token, { name: 'Segunda' })).body as ConnectionDetail;
    const remove = (id: number) => server.call(api.whatsapps.remove, { params: { id } }, as(token));
    expect(await remove(first.id)).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    expect(await rowOf(first.id)).toMatchObject({ isDefault: true });
    expect(server.deps.channels.driverOf(first.id)).toBeDefined();
    // Another one made default first, the old default goes; then the last one goes too.
    await update(token, second.id, { isDefault: true });
    expect(await remove(first.id)).toMatchObject({ status: 200 });
    expect(await remove(second.id)).toMatchObject({ status: 200 });
    expect((await server.call(api.whatsapps.list, {}, as(token))).body).toEqual([]);
  });
});

describe('the offline WhatsApp of journey servers (ATENDO_TEST_CHANNEL=1)', () => {
  it("lets an admin play the phone scanning a QR code of the company's connections only", async () => {
    const journeys = await startTestServer({ testChannel: true });
    try {
      const company = await aCompany(journeys);
      const plain = await aUser(journeys, company.id);
      const other = await aCompany(journeys);
      const created = await journeys.call(
        api.whatsapps.create,
        { body: { name: 'Loja' } },
        as(company.admin.token),
      );
      const { id } = created.body as ConnectionDetail;
      const open = (token: string) =>
        fetch(`${journeys.url}/api/test-channel/whatsapp/${id}/open`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
      const statusOf = async () =>
        (await journeys.database.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
      await vi.waitFor(async () => expect(await statusOf()).toMatchObject({ status: 'qrcode' }));
      expect((await open(plain.token)).status).toBe(403);
      expect((await open(other.admin.token)).status).toBe(404);
      expect((await open(company.admin.token)).status).toBe(200);
      await vi.waitFor(async () =>
        expect(await statusOf()).toMatchObject({ status: 'CONNECTED', qrcode: '' }),
      );
    } finally {
      await journeys.stop();
    }
  });
});
