import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { ReportRow, SurveyRow } from '../../../shared/api/reports';
import { routingSettled } from '../../automation/routing';
import { tickets, ticketTracking, userRatings } from '../../db/schema';
import { aConnection, aContact, aTicket, testChannel } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { EXPORT_BATCH } from './service';

// 2-administration §2.12: the ticket report, its filters and pages, and its streamed Excel export.

let server: TestServer;
let company: Awaited<ReturnType<typeof aCompany>>;
const ids = { vendas: 0, closed: 0, open: 0, pending: 0, loja: 0, ana: 0, bia: 0 };
let biaToken = '';

type Report = { tickets: ReportRow[]; totalTickets: { total: number } };

async function report(query: Record<string, unknown>, token = company.admin.token) {
  const res = await server.call(api.reports.tickets, { query: query as never }, { token });
  expect(res.status).toBe(200);
  return res.body as Report;
}

async function put(ticketId: number, body: Record<string, unknown>) {
  const res = await server.call(
    api.tickets.update,
    { params: { id: ticketId }, body: body as never },
    { token: company.admin.token },
  );
  expect(res.status).toBe(200);
  await routingSettled(server.deps);
}

beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
  company = await aCompany(server);
  const vendas = await aQueue(server, company.id, 'Vendas');
  ids.vendas = vendas.id;
  const bia = await aUser(server, company.id, { name: 'Bia', queueIds: [vendas.id] });
  ids.bia = bia.id;
  biaToken = bia.token;
  const loja = await aConnection(server, company.id, { name: 'Loja' });
  ids.loja = loja.id;
  const channel = testChannel(server, loja.id);
  const write = async (from: string, name: string) => {
    const res = await channel.inbound({ from, name, body: `Mensagem de ${name}` });
    await routingSettled(server.deps);
    return res.body.ticketId as number;
  };
  ids.closed = await write('5511911110001', 'Ana Souza');
  ids.open = await write('5511911110002', 'Bruno Lima');
  ids.pending = await write('5511911110003', 'Carla Dias');
  await put(ids.closed, { status: 'open', queueId: vendas.id });
  await put(ids.closed, { status: 'closed', sendFarewellMessage: false });
  await put(ids.open, { status: 'open', queueId: vendas.id });
  // Another company's ticket never shows.
  const other = await aCompany(server);
  await testChannel(server, (await aConnection(server, other.id)).id).inbound({
    from: '5511911119999',
    body: 'x',
  });
}, 60_000);

afterAll(() => server.stop());

describe('GET /ticketreport/reports', () => {
  it('answers the rows of §3, newest first, with the total', async () => {
    const body = await report({});
    expect(body.totalTickets.total).toBe(3);
    expect(body.tickets.map((t) => t.id)).toEqual([ids.pending, ids.open, ids.closed]);
    const closed = body.tickets.find((t) => t.id === ids.closed)!;
    expect(closed).toMatchObject({
      whatsappName: 'Loja',
      contactName: 'Ana Souza',
      userName: 'Company Admin',
      queueName: 'Vendas',
      status: 'closed',
      lastMessage: 'Mensagem de Ana Souza',
      NPS: null,
    });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.supportTime).toBeGreaterThanOrEqual(0);
    expect(body.tickets.find((t) => t.id === ids.pending)).toMatchObject({
      closedAt: null,
      supportTime: null,
    });
  });

  it('filters by status, queue (0 is without queue), user, connection, contact and text', async () => {
    const ofIds = async (query: Record<string, unknown>) => (await report(query)).tickets.map((t) => t.id);
    expect(await ofIds({ status: '["closed","open"]' })).toEqual([ids.open, ids.closed]);
    expect(await ofIds({ queueIds: '[0]' })).toEqual([ids.pending]);
    expect(await ofIds({ queueIds: `[${ids.vendas},0]` })).toEqual([ids.pending, ids.open, ids.closed]);
    expect(await ofIds({ users: `[${company.admin.id}]` })).toEqual([ids.open, ids.closed]);
    expect(await ofIds({ whatsappId: `[${ids.loja + 1000}]` })).toEqual([]);
    expect(await ofIds({ searchParam: 'carla' })).toEqual([ids.pending]);
    const contact = (await report({ searchParam: 'Bruno' })).tickets[0]!;
    expect(await ofIds({ contactId: await contactIdOf(contact.id) })).toEqual([ids.open]);
    expect(await ofIds({ onlyRated: 'true' })).toEqual([]);
  });

  it('filters by the local days the tickets were opened', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await report({ dateFrom: today, dateTo: today })).totalTickets.total).toBe(3);
    expect((await report({ dateFrom: '2020-01-01', dateTo: '2020-01-31' })).totalTickets.total).toBe(0);
  });

  it('pages by 5, 10, 20 or 50 (10 by default), refusing other sizes', async () => {
    const page = await report({ page: 2, pageSize: 5 });
    expect(page).toEqual({ tickets: [], totalTickets: { total: 3 } });
    const res = await server.call(
      api.reports.tickets,
      { query: { pageSize: 7 } as never },
      { token: company.admin.token },
    );
    expect(res.status).toBe(400);
  });

  it('shows a user only the tickets she may see (1-attendance §6), all of her queues’ with allUserChat', async () => {
    expect((await report({}, biaToken)).tickets).toEqual([]);
    const caio = await aUser(server, company.id, { queueIds: [ids.vendas], allUserChat: 'enabled' });
    expect((await report({}, caio.token)).tickets.map((t) => t.id)).toContain(ids.open);
  });
});

async function contactIdOf(ticketId: number) {
  const rows = await server.database.db.select({ id: tickets.contactId, t: tickets.id }).from(tickets);
  return rows.find((r) => r.t === ticketId)!.id;
}

describe('GET /ticketreport/reports/export', () => {
  async function download(query: Record<string, unknown>) {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/ticketreport/reports/export',
      query: query as Record<string, string>,
      headers: { authorization: `Bearer ${company.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('relatorio-de-atendimentos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('writes the report’s filtered rows under a translated header', async () => {
    const rows = await download({ status: '["closed"]', lang: 'en' });
    expect(rows[0]).toEqual([
      'Id',
      'Connection',
      'Contact',
      'User',
      'Queue',
      'Status',
      'Last message',
      'Opened',
      'Closed',
      'Service time (min)',
      'NPS',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 7)).toEqual([
      ids.closed,
      'Loja',
      'Ana Souza',
      'Company Admin',
      'Vendas',
      'Closed',
      'Mensagem de Ana Souza',
    ]);
    // Dates stay dates (the writer shares one style object per kind of cell), numbers numbers.
    expect(rows[1]![7]).toBeInstanceOf(Date);
    expect(rows[1]![8]).toBeInstanceOf(Date);
    expect(typeof rows[1]![9]).toBe('number');
  });

  it('writes every matching row, batch after batch', async () => {
    const contact = await aContact(server, company.id, { name: '=cmd|calc' });
    const many = EXPORT_BATCH + 5;
    await server.database.db.insert(tickets).values(
      Array.from({ length: many }, () => ({
        companyId: company.id,
        contactId: contact.id,
        status: 'closed',
      })),
    );
    const rows = await download({ searchParam: 'cmd' });
    expect(rows).toHaveLength(many + 1);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(many);
    // A name a spreadsheet would run as a formula is written as text.
    expect(rows[1]![2]).toBe("'=cmd|calc");
  });
});

/**
 * The other tabs of /reports (2-administration §2.12): ticket durations, group tickets and the survey
 * answers, on a company of their own whose times are set to the minute after the real transitions.
 */
describe('the duration, group and survey reports', () => {
  let second: Awaited<ReturnType<typeof aCompany>>;
  const made = { ana: 0, bruno: 0, group: 0 };

  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    second = await aCompany(server, { timezone: 'America/Sao_Paulo' });
    const channel = testChannel(server, (await aConnection(server, second.id, { name: 'Loja' })).id);
    const write = async (from: string, name: string) => {
      const res = await channel.inbound({ from, name, body: `Mensagem de ${name}` });
      await routingSettled(server.deps);
      return res.body.ticketId as number;
    };
    made.ana = await write('5511922220001', 'Ana');
    made.bruno = await write('5511922220002', 'Bruno');
    for (const status of ['open', 'closed']) {
      const res = await server.call(
        api.tickets.update,
        { params: { id: made.ana }, body: { status, sendFarewellMessage: false } as never },
        { token: second.admin.token },
      );
      expect(res.status).toBe(200);
    }
    // Ana's attendance: opened 09:00 (São Paulo), accepted 09:05, closed 09:35 on 10 February.
    await server.database.db
      .update(tickets)
      .set({ createdAt: at('2026-02-10T12:00:00Z') })
      .where(eq(tickets.id, made.ana));
    await server.database.db
      .update(ticketTracking)
      .set({
        queuedAt: at('2026-02-10T12:00:00Z'),
        startedAt: at('2026-02-10T12:05:00Z'),
        closedAt: at('2026-02-10T12:35:00Z'),
      })
      .where(eq(ticketTracking.ticketId, made.ana));
    const groupContact = await aContact(server, second.id, { name: 'Grupo da loja', isGroup: true });
    made.group = (
      await aTicket(server, second.id, { contactId: groupContact.id, isGroup: true, status: 'group' })
    ).id;
    await server.database.db.insert(userRatings).values([
      {
        companyId: second.id,
        ticketId: made.ana,
        userId: second.admin.id,
        rate: 10,
        createdAt: at('2026-02-10T13:00:00Z'),
      },
      {
        companyId: second.id,
        ticketId: made.bruno,
        userId: second.admin.id,
        rate: 9,
        createdAt: at('2026-02-11T13:00:00Z'),
      },
      {
        companyId: second.id,
        ticketId: made.bruno,
        userId: null,
        rate: 3,
        createdAt: at('2026-02-12T02:30:00Z'),
      },
    ]);
  }, 60_000);

  it('answers the durations of the tickets with people, to the minute', async () => {
    const body = await report({ kind: 'durations' }, second.admin.token);
    expect(body.tickets.map((t) => t.id)).toEqual([made.bruno, made.ana]);
    expect(body.totalTickets.total).toBe(2);
    expect(body.tickets[1]).toMatchObject({
      contactName: 'Ana',
      createdAt: '2026-02-10T12:00:00.000Z',
      startedAt: '2026-02-10T12:05:00.000Z',
      closedAt: '2026-02-10T12:35:00.000Z',
      waitTime: 5,
      supportTime: 30,
      totalTime: 35,
    });
    expect(body.tickets[0]).toMatchObject({ closedAt: null, supportTime: null, totalTime: null });
  });

  it('answers the group tickets alone in the group report', async () => {
    const body = await report({ kind: 'groups' }, second.admin.token);
    expect(body.tickets.map((t) => [t.id, t.contactName])).toEqual([[made.group, 'Grupo da loja']]);
    expect((await report({}, second.admin.token)).totalTickets.total).toBe(3);
  });

  it('answers the survey answers newest first with their NPS, the days being those of the answers', async () => {
    const surveys = async (query: Record<string, unknown>) => {
      const res = await server.call(
        api.reports.surveys,
        { query: query as never },
        { token: second.admin.token },
      );
      expect(res.status).toBe(200);
      return res.body as { ratings: SurveyRow[]; total: number; summary: Record<string, number> };
    };
    const all = await surveys({});
    expect(all.total).toBe(3);
    expect(all.ratings.map((r) => [r.ticketId, r.rate, r.userName])).toEqual([
      [made.bruno, 3, null],
      [made.bruno, 9, 'Company Admin'],
      [made.ana, 10, 'Company Admin'],
    ]);
    expect(all.ratings[2]).toMatchObject({
      contactName: 'Ana',
      whatsappName: 'Loja',
      answeredAt: '2026-02-10T13:00:00.000Z',
    });
    expect(all.summary).toEqual({ promoters: 2, passives: 0, detractors: 1, npsScore: 33.33 });
    // 02:30 UTC on the 12th is 23:30 on the 11th in São Paulo.
    const day = await surveys({ dateFrom: '2026-02-11', dateTo: '2026-02-11', pageSize: 5 });
    expect(day.ratings.map((r) => r.rate)).toEqual([3, 9]);
    expect(day.summary).toEqual({ promoters: 1, passives: 0, detractors: 1, npsScore: 0 });
    expect((await surveys({ page: 2, pageSize: 5 })).ratings).toEqual([]);
    // Another company's answers never show.
    const foreign = await server.call(
      api.reports.surveys,
      { query: {} as never },
      { token: company.admin.token },
    );
    expect((foreign.body as { total: number }).total).toBe(0);
  });

  it('exports the durations and the survey answers under their own headers and files', async () => {
    const download = async (kind: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/ticketreport/reports/export',
        query: { kind, lang: 'en' },
        headers: { authorization: `Bearer ${second.admin.token}` },
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { rows, file: res.headers['content-disposition'] };
    };
    const durations = await download('durations');
    expect(durations.file).toContain('relatorio-de-duracao.xlsx');
    expect(durations.rows[0]).toEqual([
      'Id',
      'Connection',
      'Contact',
      'User',
      'Queue',
      'Status',
      'Opened',
      'Service start',
      'Closed',
      'Wait (min)',
      'Service time (min)',
      'Total duration (min)',
    ]);
    expect(durations.rows[2]!.slice(-3)).toEqual([5, 30, 35]);
    const surveys = await download('surveys');
    expect(surveys.file).toContain('relatorio-de-pesquisas.xlsx');
    expect(surveys.rows[0]).toEqual(['Id', 'Connection', 'Contact', 'User', 'Queue', 'Score', 'Answered at']);
    expect(surveys.rows.slice(1).map((r) => [r[0], r[5]])).toEqual([
      [made.bruno, 3],
      [made.bruno, 9],
      [made.ana, 10],
    ]);
  });
});
