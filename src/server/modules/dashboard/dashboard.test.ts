import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type { Dashboard } from '../../../shared/api/dashboard';
import { routingSettled } from '../../automation/routing';
import { companies, contacts, tickets } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnection, aContact, testChannel } from '../../test/builders';
import {
  aCompany,
  aQueue,
  aUser,
  FIXTURE_PASSWORD,
  startTestServer,
  type TestServer,
} from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

/**
 * docs/metrics.md, figure by figure: a known history built through the real transitions (inbound
 * messages, accept, transfer, resolve, ratings) at chosen times of the company's clock (São Paulo,
 * UTC−3), then every counter read back exactly.
 */

let server: TestServer;
let company: Awaited<ReturnType<typeof aCompany>>;
let other: Awaited<ReturnType<typeof aCompany>>;
const ids = { vendas: 0, suporte: 0, bia: 0, caio: 0, admin: 0, t2: 0 };
const emails = { bia: '', caio: '', dora: '', eva: '', admin: '', otherAdmin: '' };

/** Sets the server's clock to a São Paulo wall time (UTC−3, no summer time). */
function at(local: string) {
  vi.setSystemTime(new Date(`${local}:00-03:00`));
}

/** A fresh token at the current (moved) time: the access tokens last 15 minutes of it. */
async function tokenOf(email: string) {
  return (await server.signIn(email, FIXTURE_PASSWORD)).token;
}

async function put(ticketId: number, body: Record<string, unknown>, email: string) {
  const res = await server.call(
    api.tickets.update,
    { params: { id: ticketId }, body: body as never },
    { token: await tokenOf(email) },
  );
  expect(res.status).toBe(200);
  await routingSettled(server.deps);
}

async function writeIn(channel: ReturnType<typeof testChannel>, from: string, body: string) {
  const res = await channel.inbound({ from, body, name: from });
  expect(res.body.stored).toBe(true);
  await routingSettled(server.deps);
  return res.body.ticketId as number;
}

async function dashboard(email: string, query: Record<string, unknown>) {
  return server.call(api.dashboard.show, { query: query as never }, { token: await tokenOf(email) });
}

const day1 = { date_from: '2026-03-10', date_to: '2026-03-10' };
const day2 = { date_from: '2026-03-11', date_to: '2026-03-11' };

beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
  vi.useFakeTimers({ toFake: ['Date'] });
  at('2026-03-09T12:00');
  company = await aCompany(server, { timezone: 'America/Sao_Paulo' });
  other = await aCompany(server, { timezone: 'America/Sao_Paulo' });
  emails.admin = company.admin.email;
  emails.otherAdmin = other.admin.email;
  ids.admin = company.admin.id;
  await writeCompanySetting(tenantDb(server.database.db, company.id), 'userRating', 'enabled');
  const vendas = await aQueue(server, company.id, 'Vendas');
  const suporte = await aQueue(server, company.id, 'Suporte');
  ids.vendas = vendas.id;
  ids.suporte = suporte.id;
  // allTicket: they take the tickets that wrote in without a queue (no bot asks for one here).
  const bia = await aUser(server, company.id, { name: 'Bia', queueIds: [vendas.id], allTicket: 'enable' });
  const caio = await aUser(server, company.id, { name: 'Caio', queueIds: [suporte.id], allTicket: 'enable' });
  const dora = await aUser(server, company.id, {
    name: 'Dora',
    queueIds: [vendas.id],
    showDashboard: 'enabled',
  });
  const eva = await aUser(server, company.id, { name: 'Eva', queueIds: [vendas.id] });
  Object.assign(ids, { bia: bia.id, caio: caio.id });
  Object.assign(emails, { bia: bia.email, caio: caio.email, dora: dora.email, eva: eva.email });

  const rated = testChannel(
    server,
    (await aConnection(server, company.id, { ratingMessage: 'Nota de 0 a 10' })).id,
  );
  const plain = testChannel(server, (await aConnection(server, company.id)).id);
  const otherChannel = testChannel(server, (await aConnection(server, other.id)).id);

  // 10 March (a Tuesday).
  at('2026-03-10T09:00');
  const t1 = await writeIn(rated, '5511900000001', 'Olá');
  at('2026-03-10T09:10');
  await put(t1, { status: 'open', userId: bia.id, queueId: vendas.id }, bia.email);
  at('2026-03-10T09:15');
  const sent = await server.call(
    api.messages.send,
    { params: { ticketId: t1 }, body: { body: 'Bom dia!' } as never },
    { token: await tokenOf(bia.email) },
  );
  expect(sent.status).toBe(200);
  at('2026-03-10T09:40');
  await put(t1, { status: 'closed' }, bia.email); // asks for the rating: waits in nps
  at('2026-03-10T09:45');
  await writeIn(rated, '5511900000001', '10');

  at('2026-03-10T10:00');
  const t2 = await writeIn(plain, '5511900000002', 'Oi');
  ids.t2 = t2;
  at('2026-03-10T10:20');
  await put(t2, { status: 'open', userId: caio.id, queueId: suporte.id }, caio.email);
  at('2026-03-10T10:30');
  await put(t2, { queueId: vendas.id, userId: bia.id, isTransfered: true }, caio.email);
  at('2026-03-10T23:30'); // 02:30 on the 11th in UTC: still the 10th for the company
  await put(t2, { status: 'closed' }, bia.email);

  // 11 March.
  at('2026-03-11T08:00');
  const t3 = await writeIn(plain, '5511900000003', 'Alguém?');
  await server.database.db.update(tickets).set({ queueId: suporte.id }).where(eq(tickets.id, t3));
  at('2026-03-11T08:30');
  const t4 = await writeIn(plain, '5511900000004', 'Preço?');
  at('2026-03-11T08:40');
  await put(t4, { status: 'open', userId: bia.id, queueId: vendas.id }, bia.email);
  at('2026-03-11T09:00');
  const t5 = await writeIn(rated, '5511900000005', 'Pedido');
  await writeIn(otherChannel, '5511900000009', 'Outra empresa');
  at('2026-03-11T09:05');
  await put(t5, { status: 'open', userId: bia.id, queueId: vendas.id }, bia.email);
  at('2026-03-11T09:20');
  await put(t5, { status: 'closed' }, bia.email); // waits for a rating that does not come
  at('2026-03-11T10:00');
  const t6 = await writeIn(rated, '5511900000006', 'Troca');
  at('2026-03-11T10:01');
  await put(t6, { status: 'open', userId: bia.id, queueId: vendas.id }, bia.email);
  at('2026-03-11T10:30');
  await put(t6, { status: 'closed' }, bia.email);
  at('2026-03-11T10:31');
  await writeIn(rated, '5511900000006', '3');
  at('2026-03-11T11:00');
  const gil = await aContact(server, company.id, { name: 'Gil' });
  const created = await server.call(
    api.tickets.create,
    { body: { contactId: gil.id, queueId: vendas.id, userId: company.admin.id, status: 'open' } },
    { token: await tokenOf(company.admin.email) },
  );
  expect(created.status).toBe(200);

  // Leads: contacts are stamped by the database's clock, which a test does not move.
  const firstDay = ['5511900000001', '5511900000002'];
  await server.database.db
    .update(contacts)
    .set({ createdAt: new Date('2026-03-10T12:00:00Z') })
    .where(inArray(contacts.number, firstDay));
  await server.database.db
    .update(contacts)
    .set({ createdAt: new Date('2026-03-11T12:00:00Z') })
    .where(inArray(contacts.number, ['5511900000003', '5511900000004', '5511900000005', '5511900000006']));
  await server.database.db
    .update(contacts)
    .set({ createdAt: new Date('2026-03-01T12:00:00Z') })
    .where(eq(contacts.id, gil.id));

  at('2026-03-12T12:00');
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await server.stop();
});

describe('GET /dashboard', () => {
  it('counts a day of finished attendances, the one closed at 23:30 local among them', async () => {
    const res = await dashboard(emails.admin, day1);
    expect(res.status).toBe(200);
    const body = res.body as Dashboard;
    expect(body.counters).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 2,
      supportGroups: 0,
      leads: 2,
      avgSupportTime: 407.5, // (35 + 780) / 2
      avgWaitTime: 20, // (10 + 30) / 2: the transfer restarts the attendance at 10:30
      activeTickets: 0,
      passiveTickets: 2,
      npsScore: 100,
      npsPromotersPerc: 100,
      npsDetractorsPerc: 0,
      npsPassivePerc: 0,
      tickets: 2,
      waitRating: 0,
      withoutRating: 1,
      withRating: 1,
      percRating: 50,
    });
    expect(body.period).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });

  it('counts what is going on, waiting and waiting for a rating on the next day', async () => {
    const body = (await dashboard(emails.admin, day2)).body as Dashboard;
    expect(body.counters).toEqual({
      supportHappening: 2, // t4, and the ticket the admin opened
      supportPending: 1,
      supportFinished: 1,
      supportGroups: 0,
      leads: 4,
      avgSupportTime: 30,
      avgWaitTime: 4, // (10 + 5 + 1 + 0) / 4
      activeTickets: 1,
      passiveTickets: 4,
      npsScore: -100,
      npsPromotersPerc: 0,
      npsDetractorsPerc: 100,
      npsPassivePerc: 0,
      tickets: 2,
      waitRating: 1,
      withoutRating: 0,
      withRating: 1,
      percRating: 50,
    });
  });

  it('answers the attendants with their closed attendances, times and ratings', async () => {
    const body = (await dashboard(emails.admin, day1)).body as Dashboard;
    const bia = body.attendants.find((a) => a.id === ids.bia);
    expect(bia).toEqual({
      id: ids.bia,
      name: 'Bia',
      rating: 10,
      countRating: 1,
      tickets: 2,
      avgWaitTime: 20,
      avgSupportTime: 407.5,
      online: false,
    });
    expect(body.attendants.find((a) => a.id === ids.caio)).toMatchObject({ tickets: 0, countRating: 0 });
    expect(body.attendants.map((a) => a.name)).toEqual(['Bia', 'Caio', 'Company Admin', 'Dora', 'Eva']);
  });

  it('measures first response and resolution, the inbound heatmap and the queues', async () => {
    const body = (await dashboard(emails.admin, day1)).body as Dashboard;
    expect(body.firstResponse).toEqual({ median: 15, p90: 15 });
    expect(body.resolution).toEqual({ median: 427.5, p90: 733.5 }); // of 45 and 810
    expect(body.heatmap).toEqual([
      { weekday: 2, hour: 9, count: 2 },
      { weekday: 2, hour: 10, count: 1 },
    ]);
    expect(body.queues).toEqual([
      {
        queueId: ids.vendas,
        name: 'Vendas',
        color: expect.any(String),
        finished: 2,
        pending: 0,
        avgWaitTime: 20,
        avgSupportTime: 407.5,
      },
    ]);
  });

  it('takes the last N days with days', async () => {
    const body = (await dashboard(emails.admin, { days: 3 })).body as Dashboard;
    expect(body.period).toEqual({ from: '2026-03-10', to: '2026-03-12' });
    expect(body.counters.supportFinished).toBe(3);
  });

  it('answers "Parametrize o filtro" without days, date_from or date_to', async () => {
    const res = await dashboard(emails.admin, {});
    expect(res).toMatchObject({ status: 400, body: { error: 'Parametrize o filtro' } });
  });

  it('shows a user with showDashboard the tickets of her queues only', async () => {
    const body = (await dashboard(emails.dora, day2)).body as Dashboard;
    expect(body.counters).toMatchObject({
      supportPending: 0,
      supportHappening: 2,
      passiveTickets: 3,
      leads: 3,
    });
  });

  it('refuses users without showDashboard', async () => {
    expect((await dashboard(emails.eva, day1)).status).toBe(403);
    const chart = await server.call(
      api.dashboard.ticketsDay,
      { query: { initialDate: '2026-03-10', finalDate: '2026-03-10' } },
      { token: await tokenOf(emails.eva) },
    );
    expect(chart.status).toBe(403);
  });

  it('keeps each company to its own figures', async () => {
    const body = (await dashboard(emails.otherAdmin, day2)).body as Dashboard;
    expect(body.counters).toMatchObject({ supportPending: 1, passiveTickets: 1, supportFinished: 0 });
    expect(body.attendants.map((a) => a.name)).toEqual(['Company Admin']);
  });
});

describe('the charts', () => {
  it('counts attendances started per attendant', async () => {
    const res = await server.call(
      api.dashboard.ticketsUsers,
      { query: { initialDate: '2026-03-10', finalDate: '2026-03-11' } },
      { token: await tokenOf(emails.admin) },
    );
    expect(res.body).toEqual([
      { nome: 'Bia', quantidade: 5 },
      { nome: 'Company Admin', quantidade: 1 },
    ]);
  });

  it('counts tickets created per local hour for one day and per local day otherwise', async () => {
    const token = await tokenOf(emails.admin);
    const oneDay = await server.call(
      api.dashboard.ticketsDay,
      { query: { initialDate: '2026-03-10', finalDate: '2026-03-10' } },
      { token },
    );
    expect(oneDay.body).toEqual({
      data: [
        { horario: '09', total: 1 },
        { horario: '10', total: 1 },
      ],
      count: 2,
    });
    const twoDays = await server.call(
      api.dashboard.ticketsDay,
      { query: { initialDate: '2026-03-10', finalDate: '2026-03-11' } },
      { token },
    );
    expect(twoDays.body).toEqual({
      data: [
        { data: '2026-03-10', total: 2 },
        { data: '2026-03-11', total: 5 },
      ],
      count: 7,
    });
  });

  it('counts messages sent and received, private notes left out', async () => {
    const token = await tokenOf(emails.admin);
    const count = async (fromMe: string) =>
      (
        await server.call(
          api.dashboard.messagesAllMe,
          { query: { fromMe, dateStart: '2026-03-10', dateEnd: '2026-03-10' } as never },
          { token },
        )
      ).body;
    expect(await count('false')).toEqual({ count: 3 });
    expect(await count('true')).toEqual({ count: 2 }); // Bia's answer and the rating request
  });
});

describe('GET /usersMoments', () => {
  it('lists the company’s users for the panel, refusing users whose allowRealTime is disabled', async () => {
    const res = await server.call(api.dashboard.usersMoments, {}, { token: await tokenOf(emails.admin) });
    expect((res.body as { name: string }[]).map((u) => u.name)).toEqual([
      'Bia',
      'Caio',
      'Company Admin',
      'Dora',
      'Eva',
    ]);
    const refused = await server.call(api.dashboard.usersMoments, {}, { token: await tokenOf(emails.eva) });
    expect(refused.status).toBe(403);
  });
});

/**
 * The rollup read by the counters (docs/metrics.md "The rollup"), against a direct count of the records:
 * per local day, attendance queue and user (0 = none) and group flag, each figure counted from
 * ticket_tracking at the company's time zone.
 */
describe('the daily rollup', () => {
  const figures = [
    'queued',
    'queued_open',
    'pending',
    'started',
    'happening',
    'wait_count',
    'wait_seconds',
    'closed',
    'closed_rated',
    'support_count',
    'support_seconds',
    'closed_wait_count',
    'closed_wait_seconds',
    'rating_asked',
    'wait_rating',
  ] as const;

  type Row = Record<string, string | number | boolean>;

  type Figures = Record<(typeof figures)[number], number>;

  /** Rows as plain comparable values, the empty ones (every figure 0) left out, in key order. */
  function normal(found: Row[]) {
    return found
      .map((r) => ({
        key: `${String(r.day).slice(0, 10)} q${r.queue_id} u${r.user_id} g${r.is_group}`,
        ...(Object.fromEntries(figures.map((f) => [f, Number(r[f])])) as Figures),
      }))
      .filter((r) => figures.some((f) => r[f] !== 0))
      .sort((a, b) => a.key.localeCompare(b.key));
  }

  async function stored(companyId: number) {
    const found = await server.database.db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, queue_id, user_id, is_group, ${sql.raw(figures.join(', '))}
        from attendance_days where company_id = ${companyId}`,
    );
    return normal(found.rows as Row[]);
  }

  /** Each figure straight from the records, one event (queued, started, closed, rating asked) at a time. */
  async function counted(companyId: number) {
    const found = await server.database.db.execute(sql`
      with r as (
        select tr.*, t.is_group, c.timezone as tz
        from ticket_tracking tr join tickets t on t.id = tr.ticket_id join companies c on c.id = tr.company_id
        where tr.company_id = ${companyId}),
      events as (
        select 'q' as kind, queued_at as at, r.* from r where queued_at is not null
        union all select 's', started_at, r.* from r where started_at is not null
        union all select 'c', closed_at, r.* from r where closed_at is not null
        union all select 'r', rating_at, r.* from r where rating_at is not null)
      select to_char((at at time zone tz)::date, 'YYYY-MM-DD') as day, coalesce(queue_id, 0) as queue_id,
        coalesce(user_id, 0) as user_id, is_group,
        count(*) filter (where kind = 'q') as queued,
        count(*) filter (where kind = 'q' and closed_at is null) as queued_open,
        count(*) filter (where kind = 'q' and started_at is null and closed_at is null) as pending,
        count(*) filter (where kind = 's') as started,
        count(*) filter (where kind = 's' and closed_at is null and rating_at is null) as happening,
        count(*) filter (where kind = 's' and queued_at is not null) as wait_count,
        coalesce(sum(extract(epoch from started_at - queued_at)) filter (where kind = 's'), 0) as wait_seconds,
        count(*) filter (where kind = 'c') as closed,
        count(*) filter (where kind = 'c' and rated) as closed_rated,
        count(*) filter (where kind = 'c' and started_at is not null) as support_count,
        coalesce(sum(extract(epoch from closed_at - started_at)) filter (where kind = 'c'), 0) as support_seconds,
        count(*) filter (where kind = 'c' and started_at is not null and queued_at is not null) as closed_wait_count,
        coalesce(sum(extract(epoch from started_at - queued_at)) filter (where kind = 'c'), 0) as closed_wait_seconds,
        count(*) filter (where kind = 'r') as rating_asked,
        count(*) filter (where kind = 'r' and closed_at is null) as wait_rating
      from events group by 1, 2, 3, 4`);
    return normal(found.rows as Row[]);
  }

  /** The message rollup and a direct count of the messages, as comparable lists. */
  async function messageCounts(companyId: number) {
    const list = async (query: ReturnType<typeof sql>) =>
      ((await server.database.db.execute(query)).rows as Row[])
        .map((r) => `${r.day} ${r.hour}h q${r.queue_id} ${r.from_me ? 'sent' : 'received'}: ${r.count}`)
        .filter((line) => !line.endsWith(': 0'))
        .sort();
    return {
      stored: await list(sql`select to_char(day, 'YYYY-MM-DD') as day, hour, queue_id, from_me, count
        from message_hours where company_id = ${companyId}`),
      counted:
        await list(sql`select to_char((m.created_at at time zone c.timezone)::date, 'YYYY-MM-DD') as day,
          extract(hour from m.created_at at time zone c.timezone)::int as hour, coalesce(m.queue_id, 0) as queue_id,
          m.from_me, count(*)::int as count
        from messages m join companies c on c.id = m.company_id
        where m.company_id = ${companyId} and not m.is_private group by 1, 2, 3, 4`),
    };
  }

  it('agrees exactly with a direct count of the attendance records', async () => {
    const rollup = await stored(company.id);
    expect(rollup.length).toBeGreaterThan(3);
    expect(rollup).toEqual(await counted(company.id));
    expect(await stored(other.id)).toEqual(await counted(other.id));
    const messages = await messageCounts(company.id);
    expect(messages.stored.length).toBeGreaterThan(3);
    expect(messages.stored).toEqual(messages.counted);
  });

  it('puts the attendance closed at 23:30 local time (02:30 UTC the next day) on its local day', async () => {
    const rollup = await stored(company.id);
    const t2Day = rollup.find((r) => r.key === `2026-03-10 q${ids.vendas} u${ids.bia} gfalse`);
    // t1 and t2, both Bia's in Vendas at the end, both closed on the 10th local time.
    expect(t2Day).toMatchObject({
      closed: 2,
      closed_rated: 1,
      support_count: 2,
      support_seconds: (35 + 780) * 60,
    });
    expect(rollup.some((r) => r.key.startsWith('2026-03-11') && (r as { closed: number }).closed > 1)).toBe(
      false,
    );
  });

  it('rebuilds to the same rows (the migration’s backfill)', async () => {
    const kept = await stored(company.id);
    const keptMessages = (await messageCounts(company.id)).stored;
    await server.database.db.execute(
      sql`select attendance_days_rebuild(${company.id}), message_hours_rebuild(${company.id})`,
    );
    expect(await stored(company.id)).toEqual(kept);
    expect((await messageCounts(company.id)).stored).toEqual(keptMessages);
  });

  it('follows a deleted ticket and a change of the company’s time zone', async () => {
    await server.database.db.delete(tickets).where(eq(tickets.id, ids.t2));
    expect(await stored(company.id)).toEqual(await counted(company.id));
    const afterDelete = await messageCounts(company.id);
    expect(afterDelete.stored).toEqual(afterDelete.counted);
    expect((await stored(company.id)).some((r) => r.key.startsWith('2026-03-12'))).toBe(false);
    await server.database.db
      .update(companies)
      .set({ timezone: 'Pacific/Kiritimati' })
      .where(eq(companies.id, company.id));
    const rezoned = await stored(company.id);
    expect(rezoned).toEqual(await counted(company.id));
    // UTC+14: from 10:00 in São Paulo it is the next day there, so t6 (10:00 on the 11th) moves to the 12th.
    expect(rezoned.some((r) => r.key.startsWith('2026-03-12'))).toBe(true);
    const rezonedMessages = await messageCounts(company.id);
    expect(rezonedMessages.stored).toEqual(rezonedMessages.counted);
    expect(rezonedMessages.stored.some((line) => line.startsWith('2026-03-12'))).toBe(true);
  });

  it('follows a ticket that becomes a group ticket, and back', async () => {
    const [ticket] = await server.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.companyId, company.id))
      .limit(1);
    for (const isGroup of [true, false]) {
      await server.database.db.update(tickets).set({ isGroup }).where(eq(tickets.id, ticket!.id));
      expect(await stored(company.id)).toEqual(await counted(company.id));
    }
  });

  it('follows one statement that changes many records across days, queues and users', async () => {
    // As the close-all job and a merge of contacts do: every record of the company in one statement.
    await server.database.db.execute(sql`update ticket_tracking
      set closed_at = coalesce(closed_at, queued_at + interval '2 hours'), user_id = coalesce(user_id, ${ids.bia}),
        rated = not rated
      where company_id = ${company.id}`);
    expect(await stored(company.id)).toEqual(await counted(company.id));
    await server.database.db.execute(
      sql`delete from ticket_tracking where company_id = ${company.id} and queue_id = ${ids.vendas}`,
    );
    expect(await stored(company.id)).toEqual(await counted(company.id));
  });
});
