import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import type { Schedule } from '../../../shared/api/scheduled-messages';
import { events, type ScheduleEvent } from '../../../shared/realtime';
import { DEFAULT_SCHEDULES } from '../../../shared/schedules';
import type { TestDriver } from '../../channels/test/driver';
import { companies, messages, plans, scheduleSends, tickets } from '../../db/schema';
import { aConnection, aContact, collect, drain, testChannel } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  // Files of its own: company ids repeat across test databases.
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-schedules-'));
  server = await startTestServer({ testChannel: true, dataDir });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => server.database.db;
const as = (token: string) => ({ token });

/** Monday to Friday open; Saturday and Sunday closed. */
const WEEKDAYS_ONLY = DEFAULT_SCHEDULES.map((day) =>
  day.weekdayEn === 'saturday' || day.weekdayEn === 'sunday'
    ? { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
    : day,
);

/** A company in New York (its clocks change) working Monday to Friday, with a test connection and a contact. */
async function aShop(on = server) {
  const company = await aCompany(on, { timezone: 'America/New_York', schedules: WEEKDAYS_ONLY });
  const connection = await aConnection(on, company.id);
  const contact = await aContact(on, company.id, { name: 'Maria Souza' });
  return { company, connection, contact, channel: testChannel(on, connection.id) };
}

/** The jobs' clock, moved (forward only) to `at`. */
async function clockTo(at: string, on = server) {
  const { rows } = await on.database.db.execute<{ now: string | Date }>(sql`select atendo_now() as now`);
  const by = new Date(at).getTime() - new Date(rows[0]!.now).getTime();
  expect(by).toBeGreaterThanOrEqual(0);
  await on.clock.advance({ seconds: by / 1000 });
}

async function jobsNow(on = server) {
  const { rows } = await on.database.db.execute<{ now: string | Date }>(sql`select atendo_now() as now`);
  return new Date(rows[0]!.now);
}

async function create(token: string, body: Record<string, unknown>, on = server) {
  const res = await on.call(api.schedules.create, { body: body as never }, as(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Schedule;
}

const show = async (token: string, id: number, on = server) =>
  (await on.call(api.schedules.show, { params: { id } }, as(token))).body as Schedule;

const sendsOf = (scheduleId: number) =>
  db()
    .select()
    .from(scheduleSends)
    .where(eq(scheduleSends.scheduleId, scheduleId))
    .orderBy(asc(scheduleSends.occurrence));

describe('saving a scheduled message', () => {
  it('refuses a short body, no contact and no sendAt with the spec’s messages', async () => {
    const { company } = await aShop();
    const refused = await server.call(
      api.schedules.create,
      { body: { body: 'oi', sendAt: '' } as never },
      as(company.admin.token),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { issues: { path: string; message: string }[] }).issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body', message: 'Mensagem muito curta' }),
        expect.objectContaining({ path: 'contactId', message: 'Obrigatório' }),
        expect.objectContaining({ path: 'sendAt', message: 'Obrigatório' }),
      ]),
    );
  });

  it('keeps the defaults, the author and the first occurrence as next send', async () => {
    const { company, contact } = await aShop();
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const saved = await create(company.admin.token, {
      body: 'Seu pedido chegou',
      contactId: contact.id,
      sendAt,
    });
    expect(saved).toMatchObject({
      status: 'PENDENTE',
      userId: company.admin.id,
      contact: { id: contact.id, name: 'Maria Souza' },
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      openTicket: 'disabled',
      assinar: false,
      sentAt: null,
      nextSendAt: sendAt,
    });
  });

  it('answers 403 to a company whose plan lacks useSchedules', async () => {
    const [bare] = await db().insert(plans).values({ name: 'sem agenda', useSchedules: false }).returning();
    const company = await aCompany(server, { planId: bare!.id });
    const res = await server.call(api.schedules.list, { query: {} }, as(company.admin.token));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  it("keeps companies apart: another company's schedule is not found and never listed", async () => {
    const a = await aShop();
    const b = await aShop();
    const mine = await create(a.company.admin.token, {
      body: 'Lembrete de consulta',
      contactId: a.contact.id,
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    for (const def of [api.schedules.show, api.schedules.remove] as const) {
      const res = await server.call(def, { params: { id: mine.id } }, as(b.company.admin.token));
      expect(res.status).toBe(404);
    }
    const list = await server.call(api.schedules.list, { query: {} }, as(b.company.admin.token));
    expect((list.body as { schedules: Schedule[] }).schedules).toEqual([]);
    // Nor may a schedule name the other company's contact.
    const res = await server.call(
      api.schedules.create,
      { body: { body: 'Lembrete', contactId: a.contact.id, sendAt: mine.sendAt } },
      as(b.company.admin.token),
    );
    expect(res.status).toBe(404);
  });

  it('shows a user hers, those of her queues and those whose ticket goes to her; admins all', async () => {
    const { company, contact } = await aShop();
    const queue = await aQueue(server, company.id);
    const ana = await aUser(server, company.id, { name: 'Ana' });
    const bia = await aUser(server, company.id, { name: 'Bia', queueIds: [queue.id] });
    const cris = await aUser(server, company.id, { name: 'Cris' });
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const anas = await create(ana.token, { body: 'Da Ana, só dela', contactId: contact.id, sendAt });
    const toQueue = await create(ana.token, {
      body: 'Para a fila da Bia',
      contactId: contact.id,
      sendAt,
      queueId: queue.id,
    });
    const toCris = await create(ana.token, {
      body: 'Atendimento da Cris',
      contactId: contact.id,
      sendAt,
      ticketUserId: cris.id,
    });
    const ids = async (token: string) =>
      (
        (await server.call(api.schedules.list, { query: {} }, as(token))).body as { schedules: Schedule[] }
      ).schedules
        .map((s) => s.id)
        .sort();
    expect(await ids(ana.token)).toEqual([anas.id, toQueue.id, toCris.id].sort());
    expect(await ids(bia.token)).toEqual([toQueue.id]);
    expect(await ids(cris.token)).toEqual([toCris.id]);
    expect(await ids(company.admin.token)).toEqual([anas.id, toQueue.id, toCris.id].sort());
    expect((await server.call(api.schedules.show, { params: { id: anas.id } }, as(bia.token))).status).toBe(
      404,
    );
    expect((await server.call(api.schedules.remove, { params: { id: anas.id } }, as(bia.token))).status).toBe(
      404,
    );
  });

  it('announces a schedule live to those who see it, and as a delete to one who no longer does', async () => {
    const { company, contact } = await aShop();
    const queue = await aQueue(server, company.id);
    const ana = await aUser(server, company.id, { name: 'Ana' });
    const bia = await aUser(server, company.id, { name: 'Bia', queueIds: [queue.id] });
    const sockets = await Promise.all(
      [company.admin.token, ana.token, bia.token].map((t) => server.socket(t)),
    );
    const [adminSeen, anaSeen, biaSeen] = sockets.map((socket) =>
      collect<ScheduleEvent>(socket, events.schedule(company.id)),
    );
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const saved = await create(ana.token, {
      body: 'Para a fila da Bia',
      contactId: contact.id,
      sendAt,
      queueId: queue.id,
    });
    await server.call(
      api.schedules.update,
      { params: { id: saved.id }, body: { body: 'Agora só da Ana', contactId: contact.id, sendAt } },
      as(ana.token),
    );
    for (const socket of sockets) await drain(server, socket, company.id);
    expect(anaSeen.map((e) => e.action)).toEqual(['create', 'update']);
    expect(adminSeen.map((e) => e.action)).toEqual(['create', 'update']);
    expect(biaSeen).toEqual([
      expect.objectContaining({ action: 'create' }),
      { action: 'delete', scheduleId: saved.id },
    ]);
    for (const socket of sockets) socket.disconnect();
  });

  it('searches the body and the contact’s name', async () => {
    const { company, contact } = await aShop();
    const other = await aContact(server, company.id, { name: 'Zélia Prado' });
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    await create(company.admin.token, { body: 'Boleto vence amanhã', contactId: contact.id, sendAt });
    await create(company.admin.token, { body: 'Consulta marcada', contactId: other.id, sendAt });
    const search = async (searchParam: string) =>
      (
        (await server.call(api.schedules.list, { query: { searchParam } }, as(company.admin.token))).body as {
          schedules: Schedule[];
        }
      ).schedules.map((s) => s.body);
    expect(await search('boleto')).toEqual(['Boleto vence amanhã']);
    expect(await search('zélia')).toEqual(['Consulta marcada']);
  });
});

describe('sending scheduled messages', () => {
  it('sends at the planned time, once, signed when asked, and is then ENVIADA and no longer editable', async () => {
    const { company, contact, channel } = await aShop();
    const ana = await aUser(server, company.id, { name: 'Ana' });
    const sendAt = new Date((await jobsNow()).getTime() + 3600_000).toISOString();
    const saved = await create(ana.token, {
      body: 'Sua entrega sai hoje',
      contactId: contact.id,
      sendAt,
      assinar: true,
    });
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toEqual([]);
    await server.clock.advance({ minutes: 61 });
    await server.deps.jobs.runDue();
    await server.deps.jobs.runDue();
    const sent = await channel.sent();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: contact.number, body: '*Ana:*\nSua entrega sai hoje' });
    const after = await show(ana.token, saved.id);
    expect(after).toMatchObject({ status: 'ENVIADA', sentCount: 1, nextSendAt: null });
    expect(after.sentAt).not.toBeNull();
    // The message sits in a closed ticket of the contact (openTicket disabled), with the channel's id.
    const [stored] = await db().select().from(messages).where(eq(messages.contactId, contact.id));
    expect(stored).toMatchObject({ fromMe: true, wid: sent[0]!.id });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, stored!.ticketId));
    expect(ticket?.status).toBe('closed');
    const edit = await server.call(
      api.schedules.update,
      { params: { id: saved.id }, body: { body: 'Outra coisa', contactId: contact.id, sendAt } },
      as(ana.token),
    );
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({ error: 'ERR_SCHEDULE_ALREADY_SENT' });
  });

  it('opens the ticket for the chosen user and queue when openTicket is on with status open', async () => {
    const { company, contact } = await aShop();
    const queue = await aQueue(server, company.id);
    const bia = await aUser(server, company.id, { name: 'Bia', queueIds: [queue.id] });
    await create(company.admin.token, {
      body: 'Vamos conversar sobre o orçamento',
      contactId: contact.id,
      sendAt: new Date((await jobsNow()).getTime() + 60_000).toISOString(),
      openTicket: 'enabled',
      statusTicket: 'open',
      ticketUserId: bia.id,
      queueId: queue.id,
    });
    await server.clock.advance({ minutes: 2 });
    await server.deps.jobs.runDue();
    const [ticket] = await db().select().from(tickets).where(eq(tickets.contactId, contact.id));
    expect(ticket).toMatchObject({ status: 'open', userId: bia.id, queueId: queue.id });
  });

  it('computes each next occurrence from the planned time, and after downtime sends each missed one once', async () => {
    const { company, contact, channel } = await aShop();
    // Weekly from Wednesday 2027-01-06 09:00 in New York (14:00Z), three times.
    const saved = await create(company.admin.token, {
      body: 'Reunião semanal às 9h',
      contactId: contact.id,
      sendAt: '2027-01-06T14:00:00.000Z',
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
    });
    // Sent half a minute late: the next stays a week after the planned time.
    await clockTo('2027-01-06T14:00:30.000Z');
    await server.deps.jobs.runDue();
    expect(await show(company.admin.token, saved.id)).toMatchObject({
      sentCount: 1,
      status: 'PENDENTE',
      nextSendAt: '2027-01-13T14:00:00.000Z',
    });
    // The server is down for both later occurrences: on recovery each goes once, in order.
    await clockTo('2027-01-21T12:00:00.000Z');
    await server.deps.jobs.runDue();
    await server.deps.jobs.runDue();
    expect((await channel.sent()).map((s) => s.body)).toEqual([
      'Reunião semanal às 9h',
      'Reunião semanal às 9h',
      'Reunião semanal às 9h',
    ]);
    expect((await sendsOf(saved.id)).map((s) => [s.occurrence, s.plannedAt.toISOString()])).toEqual([
      [1, '2027-01-06T14:00:00.000Z'],
      [2, '2027-01-13T14:00:00.000Z'],
      [3, '2027-01-20T14:00:00.000Z'],
    ]);
    expect(await show(company.admin.token, saved.id)).toMatchObject({ status: 'ENVIADA', sentCount: 3 });
  });

  it('moves occurrences off weekends and holidays by tipoDias, keeping 09:00 across the DST change', async () => {
    const { company, contact, channel } = await aShop();
    const holiday = await server.call(
      api.holidays.create,
      { body: { date: '2027-03-15', name: 'Feriado municipal' } },
      as(company.admin.token),
    );
    expect(holiday.status).toBe(200);
    // Daily from Friday 2027-03-12 09:00 EST, three times, the working day after: Fri, then Sat and Sun
    // both move past the holiday Monday to Tuesday 09:00 EDT (13:00Z).
    const saved = await create(company.admin.token, {
      body: 'Promoção do fim de semana',
      contactId: contact.id,
      sendAt: '2027-03-12T14:00:00.000Z',
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
      tipoDias: 6,
    });
    await clockTo('2027-03-12T14:00:01.000Z');
    await server.deps.jobs.runDue();
    expect(await show(company.admin.token, saved.id)).toMatchObject({
      nextSendAt: '2027-03-16T13:00:00.000Z',
    });
    await clockTo('2027-03-15T14:00:00.000Z');
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toHaveLength(1);
    await clockTo('2027-03-16T13:00:01.000Z');
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toHaveLength(3);
    expect(await show(company.admin.token, saved.id)).toMatchObject({ status: 'ENVIADA' });
  });

  it('re-arms a pending occurrence when a holiday lands on it', async () => {
    const { company, contact } = await aShop();
    const saved = await create(company.admin.token, {
      body: 'Aviso de manutenção',
      contactId: contact.id,
      sendAt: '2027-04-06T13:00:00.000Z',
      tipoDias: 5,
    });
    await server.call(
      api.holidays.create,
      { body: { date: '2027-04-06', name: 'Folga' } },
      as(company.admin.token),
    );
    expect(await show(company.admin.token, saved.id)).toMatchObject({
      nextSendAt: '2027-04-05T13:00:00.000Z',
    });
  });

  it('tries a failing send again with the same key and sends it once; ERRO after the last try', async () => {
    const { company, connection, contact, channel } = await aShop();
    const driver = server.deps.channels.driverOf(connection.id) as TestDriver;
    const real = driver.sendText.bind(driver);
    let calls = 0;
    // The channel takes the first send but the answer is lost (a crash between sending and recording).
    driver.sendText = async (...args) => {
      calls++;
      const sent = await real(...args);
      if (calls === 1) throw new Error('connection reset');
      return sent;
    };
    const start = await jobsNow();
    const saved = await create(company.admin.token, {
      body: 'Confirmação do pedido',
      contactId: contact.id,
      sendAt: new Date(start.getTime() + 60_000).toISOString(),
    });
    await server.clock.advance({ minutes: 2 });
    await server.deps.jobs.runDue();
    expect(await show(company.admin.token, saved.id)).toMatchObject({ status: 'PENDENTE', sentAt: null });
    await server.clock.advance({ minutes: 1 });
    await server.deps.jobs.runDue();
    expect(calls).toBe(2);
    expect(await channel.sent()).toHaveLength(1);
    expect(await show(company.admin.token, saved.id)).toMatchObject({ status: 'ENVIADA' });

    // A channel that keeps failing: ERRO with the error once the tries are spent.
    driver.sendText = async () => {
      throw new Error('offline');
    };
    const failing = await create(company.admin.token, {
      body: 'Não vai chegar',
      contactId: contact.id,
      sendAt: new Date((await jobsNow()).getTime() + 60_000).toISOString(),
    });
    for (let i = 0; i < 4; i++) {
      await server.clock.advance({ minutes: 5 });
      await server.deps.jobs.runDue();
    }
    expect(await show(company.admin.token, failing.id)).toMatchObject({
      status: 'ERRO',
      error: 'ERR_SENDING_WAPP_MSG',
      sentAt: null,
    });
    driver.sendText = real;
    // Saved again, it starts afresh and goes out.
    const again = await server.call(
      api.schedules.update,
      {
        params: { id: failing.id },
        body: {
          body: 'Agora vai',
          contactId: contact.id,
          sendAt: new Date((await jobsNow()).getTime() + 60_000).toISOString(),
        },
      },
      as(company.admin.token),
    );
    expect(again.body).toMatchObject({ status: 'PENDENTE', error: null });
    await server.clock.advance({ minutes: 2 });
    await server.deps.jobs.runDue();
    expect((await channel.sent()).map((s) => s.body)).toContain('Agora vai');
  });

  it('sends its png with the text as caption; refuses other files', async () => {
    const { company, contact, channel } = await aShop();
    const saved = await create(company.admin.token, {
      body: 'Seu cupom de desconto',
      contactId: contact.id,
      sendAt: new Date((await jobsNow()).getTime() + 60_000).toISOString(),
    });
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    // The multipart `file`, as the dialog sends it.
    const upload = async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const request = new Request('http://local', { method: 'POST', body: form });
      const res = await server.app.inject({
        method: 'POST',
        url: `/api${buildPath(api.schedules.uploadMedia.path, { id: saved.id })}`,
        headers: {
          authorization: `Bearer ${company.admin.token}`,
          'content-type': request.headers.get('content-type')!,
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      return { status: res.statusCode, body: res.json() as Schedule };
    };
    expect((await upload(new File(['%PDF-1.4'], 'cupom.pdf', { type: 'application/pdf' }))).status).toBe(400);
    const withImage = await upload(new File([PNG], 'cupom.png', { type: 'image/png' }));
    expect(withImage.body).toMatchObject({ mediaName: 'cupom.png' });
    await server.clock.advance({ minutes: 2 });
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toEqual([
      expect.objectContaining({
        kind: 'media',
        body: 'Seu cupom de desconto',
        media: expect.objectContaining({ mimetype: 'image/png' }),
      }),
    ]);
  });

  it('sends a schedule deleted before its time never', async () => {
    const { company, contact, channel } = await aShop();
    const saved = await create(company.admin.token, {
      body: 'Cancelado antes',
      contactId: contact.id,
      sendAt: new Date((await jobsNow()).getTime() + 60_000).toISOString(),
    });
    expect(
      (await server.call(api.schedules.remove, { params: { id: saved.id } }, as(company.admin.token))).status,
    ).toBe(200);
    await server.clock.advance({ minutes: 2 });
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toEqual([]);
  });
});

describe('exactly once across servers', () => {
  it('sends once when the server restarts before the planned time', async () => {
    const first = await startTestServer({ testChannel: true }, { database: await server.database.share() });
    const shop = await aShop(first);
    const saved = await create(
      shop.company.admin.token,
      {
        body: 'Depois do reinício',
        contactId: shop.contact.id,
        sendAt: new Date((await jobsNow(first)).getTime() + 60_000).toISOString(),
      },
      first,
    );
    await first.stopApp();
    const again = await startTestServer({ testChannel: true }, { database: first.database });
    await again.clock.advance({ minutes: 2 });
    await again.deps.jobs.runDue();
    await again.deps.jobs.runDue();
    const delivered = await db().select().from(scheduleSends).where(eq(scheduleSends.scheduleId, saved.id));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.deliveredAt).not.toBeNull();
    await again.stop();
  });

  it('sends once when the runner dies between claiming an occurrence and sending it: the watchdog sends it after the lease', async () => {
    const first = await startTestServer({ testChannel: true }, { database: await server.database.share() });
    const shop = await aShop(first);
    // The claim commits, then the server dies on its way to the channel: its send never returns.
    const driver = first.deps.channels.driverOf(shop.connection.id) as TestDriver;
    let reached = false;
    let gone: (err: Error) => void = () => undefined;
    driver.sendText = () => {
      reached = true;
      return new Promise((_, reject) => {
        gone = reject;
      });
    };
    const saved = await create(
      shop.company.admin.token,
      {
        body: 'Depois da queda',
        contactId: shop.contact.id,
        sendAt: new Date((await jobsNow(first)).getTime() + 60_000).toISOString(),
      },
      first,
    );
    await first.clock.advance({ minutes: 2 });
    void first.deps.jobs.runDue();
    await vi.waitFor(() => expect(reached).toBe(true));
    const [claimed] = await sendsOf(saved.id);
    expect(claimed).toMatchObject({ occurrence: 1, deliveredAt: null, failedAt: null });
    expect(claimed?.messageId).not.toBeNull();
    // The process is gone: its connection's session ends, its runner never comes back.
    await first.deps.sessions.stop();
    const again = await startTestServer({ testChannel: true }, { database: first.database });
    try {
      const channel = testChannel(again, shop.connection.id);
      // The occurrence is claimed: nothing goes out again before the watchdog's lease is over.
      await again.deps.jobs.runDue();
      expect(await channel.sent()).toEqual([]);
      await again.clock.advance({ minutes: 3 });
      await again.deps.jobs.runDue();
      await again.deps.jobs.runDue();
      expect((await channel.sent()).map((s) => [s.to, s.body])).toEqual([
        [shop.contact.number, 'Depois da queda'],
      ]);
      const [sent] = await sendsOf(saved.id);
      expect(sent?.deliveredAt).not.toBeNull();
      expect(sent?.messageId).toBe(claimed?.messageId);
      const stored = await db().select().from(messages).where(eq(messages.contactId, shop.contact.id));
      expect(stored).toHaveLength(1);
      expect(await show(shop.company.admin.token, saved.id, again)).toMatchObject({
        status: 'ENVIADA',
        sentCount: 1,
      });
    } finally {
      // Only to end the test: the dead server's send fails at last, and finds the occurrence delivered.
      gone(new Error('the server was gone'));
      await first.stopApp();
      await again.stop();
    }
    expect(await sendsOf(saved.id)).toEqual([expect.objectContaining({ attempts: 1, failedAt: null })]);
  });

  it('sends each occurrence once with two servers running the jobs at the same time', async () => {
    const other = await startTestServer({ testChannel: true }, { database: await server.database.share() });
    const { company, contact, connection } = await aShop();
    const sendAt = new Date((await jobsNow()).getTime() + 60_000).toISOString();
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(company.admin.token, { body: `Mensagem número ${i}`, contactId: contact.id, sendAt }),
      ),
    );
    await server.clock.advance({ minutes: 2 });
    await Promise.all([server.deps.jobs.runDue(), other.deps.jobs.runDue()]);
    await Promise.all([server.deps.jobs.runDue(), other.deps.jobs.runDue()]);
    const sends = await db()
      .select()
      .from(scheduleSends)
      .where(and(eq(scheduleSends.companyId, company.id)));
    expect(sends).toHaveLength(made.length);
    const driver = server.deps.channels.driverOf(connection.id) as TestDriver | undefined;
    const otherDriver = other.deps.channels.driverOf(connection.id) as TestDriver | undefined;
    const bodies = [...(driver?.sent ?? []), ...(otherDriver?.sent ?? [])].map((s) => s.body).sort();
    expect(bodies).toEqual(made.map((m) => m.body).sort());
    await other.stop();
  });
});

describe('holidays', () => {
  it('are the company’s: admins write them, a date once, users read them', async () => {
    const { company } = await aShop();
    const user = await aUser(server, company.id);
    const made = await server.call(
      api.holidays.create,
      { body: { date: '2027-12-25', name: 'Natal' } },
      as(company.admin.token),
    );
    expect(made.status).toBe(200);
    const twice = await server.call(
      api.holidays.create,
      { body: { date: '2027-12-25', name: 'Natal' } },
      as(company.admin.token),
    );
    expect(twice.body).toEqual({ error: 'ERR_HOLIDAY_ALREADY_EXISTS' });
    expect(
      (
        await server.call(
          api.holidays.create,
          { body: { date: '2027-12-31', name: 'Réveillon' } },
          as(user.token),
        )
      ).status,
    ).toBe(403);
    const listed = await server.call(api.holidays.list, {}, as(user.token));
    expect(listed.body).toEqual([
      { id: (made.body as { id: number }).id, date: '2027-12-25', name: 'Natal' },
    ]);
    const other = await aShop();
    expect(
      (
        await server.call(
          api.holidays.remove,
          { params: { id: (made.body as { id: number }).id } },
          as(other.company.admin.token),
        )
      ).status,
    ).toBe(404);
  });
});

// The company row is read for its zone and service hours: make sure the fixture wrote them.
it('stores the test company’s zone', async () => {
  const { company } = await aShop();
  const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
  expect(row?.timezone).toBe('America/New_York');
});
