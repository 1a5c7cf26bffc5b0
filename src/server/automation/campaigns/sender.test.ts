import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type { Campaign, CampaignReport } from '../../../shared/api/campaigns';
import { CAMPAIGN_WARM_UP_STEP } from '../../../shared/campaigns';
import {
  campaignOptOuts,
  campaignSettings,
  campaignShipping,
  campaigns,
  type companies,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  jobs,
  messages,
  tickets,
  type whatsapps,
} from '../../db/schema';
import { claimNextJob, scheduleJob } from '../../jobs/queries';
import { aConnection, aTag, collect, drain, randomNumber, testChannel } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { CAMPAIGN_SWEEP, campaignInboundSettled } from './sender';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());
beforeEach(() => server.clock.reset());

const db = () => server.database.db;

/** Wednesday 2 December 2026, 10:00 in São Paulo (13:00 UTC): inside the default window. */
const WEDNESDAY_10H = new Date('2026-12-02T13:00:00Z');

/** Puts the jobs' clock at `at` (a shift from the real time). */
async function clockAt(at: Date) {
  await server.clock.reset();
  await server.clock.advance({ seconds: (at.getTime() - Date.now()) / 1000 });
  // The sweep of an earlier test may wait at a later time than this one starts from.
  await scheduleJob(db(), { ...CAMPAIGN_SWEEP, delayMs: 0 });
}

/** Moves the clock `seconds` forward, `step` at a time, running what is due at each step. */
async function run(seconds: number, step = seconds) {
  for (let passed = 0; passed < seconds; passed += step) {
    await server.clock.advance({ seconds: Math.min(step, seconds - passed) });
    await server.deps.jobs.runDue();
  }
}

async function settings(companyId: number, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    await db()
      .insert(campaignSettings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value } });
  }
}

/** Quick settings for most tests: no pause, no jitter, no warm-up. */
const FAST = { messageInterval: 0, longerIntervalAfter: 0, jitterSeconds: 0, warmUp: false };

interface Member {
  name: string;
  number: string;
  email?: string;
  isWhatsappValid?: boolean | null;
}

async function aList(companyId: number, members: Member[]) {
  const [list] = await db().insert(contactLists).values({ companyId, name: 'Clientes' }).returning();
  if (members.length) {
    await db()
      .insert(contactListItems)
      .values(members.map((m) => ({ companyId, contactListId: list!.id, email: '', ...m })));
  }
  return list!;
}

const members = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `Cliente ${i + 1}`, number: randomNumber() }));

async function aSetup(
  fields: Partial<typeof companies.$inferInsert> = {},
  connection: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const company = await aCompany(server, fields);
  const conn = await aConnection(server, company.id, { name: 'Loja', ...connection });
  return { company, connection: conn, channel: testChannel(server, conn.id) };
}

async function aCampaign(
  companyId: number,
  whatsappId: number,
  fields: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(campaigns)
    .values({
      companyId,
      whatsappId,
      name: 'Natal',
      status: 'PROGRAMADA',
      scheduledAt: await clockNow(),
      message1: 'Olá {nome}!',
      ...fields,
    })
    .returning();
  return row!;
}

async function clockNow() {
  const { rows } = await db().execute<{ now: string }>('select atendo_now() as now');
  return new Date(rows[0]!.now);
}

/** Why the report says the run waits, and until when (null while it sends). */
async function pauseOf(id: number, token: string) {
  const res = await server.call(api.campaignRuns.report, { params: { id } }, { token });
  return (res.body as CampaignReport).campaign.pause;
}

const campaignRow = async (id: number) =>
  (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const shipping = (campaignId: number) =>
  db()
    .select()
    .from(campaignShipping)
    .where(eq(campaignShipping.campaignId, campaignId))
    .orderBy(asc(campaignShipping.id));

describe('a campaign run', () => {
  it('starts at scheduledAt, freezes its audience, sends each member one variant with the variables filled, and ends FINALIZADA', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, { ...FAST, variables: [{ key: 'cupom', value: 'NATAL10' }] });
    const people = [
      { name: 'Ana Souza', number: randomNumber(), email: 'ana@x.com' },
      { name: 'Bruno Lima', number: randomNumber(), email: 'bruno@x.com' },
      { name: 'Carla Dias', number: randomNumber(), email: '' },
    ];
    const list = await aList(company.id, people);
    const campaign = await aCampaign(company.id, connection.id, {
      contactListId: list.id,
      scheduledAt: new Date(WEDNESDAY_10H.getTime() + 60_000),
      message1: 'A {nome} {numero} {email} {cupom} {{firstName}}',
      message2: '',
      message3: 'B {nome} {cupom}',
    });

    await run(30);
    expect((await campaignRow(campaign.id)).status).toBe('PROGRAMADA');
    expect(await channel.sent()).toEqual([]);

    await run(45);
    // The list changes after the start: this run keeps its audience.
    await db()
      .insert(contactListItems)
      .values({ companyId: company.id, contactListId: list.id, name: 'Late', number: randomNumber() });
    await run(5);

    const row = await campaignRow(campaign.id);
    expect(row.status).toBe('FINALIZADA');
    expect(row.completedAt).not.toBeNull();
    const sent = await channel.sent();
    expect(sent.map((s) => s.to).sort()).toEqual(people.map((p) => p.number).sort());
    for (const p of people) {
      const body = sent.find((s) => s.to === p.number)!.body;
      const first = p.name.split(' ')[0];
      expect([`A ${p.name} ${p.number} ${p.email} NATAL10 ${first}`, `B ${p.name} NATAL10`]).toContain(body);
    }
    const rows = await shipping(campaign.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.deliveredAt !== null && r.failedAt === null)).toBe(true);
  });

  it('with an interval of 0 sends a large audience in one go', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, FAST);
    const list = await aList(company.id, members(230));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    await run(5);
    expect(await channel.sent()).toHaveLength(230);
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('with an interval of 0 still pauses greaterInterval after every longerIntervalAfter messages', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, { ...FAST, longerIntervalAfter: 20, greaterInterval: 60 });
    const list = await aList(company.id, members(45));
    await aCampaign(company.id, connection.id, { contactListId: list.id });
    await run(5);
    expect(await channel.sent()).toHaveLength(20);
    await run(55, 5);
    expect(await channel.sent()).toHaveLength(20);
    await run(10, 5);
    expect(await channel.sent()).toHaveLength(40);
    await run(65, 5);
    expect(await channel.sent()).toHaveLength(45);
  });

  it('paces the messages: messageInterval between them and greaterInterval after every longerIntervalAfter', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection } = await aSetup();
    await settings(company.id, { ...FAST, messageInterval: 10, longerIntervalAfter: 5, greaterInterval: 30 });
    const list = await aList(company.id, members(7));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });

    await run(150, 2);
    const times = (await shipping(campaign.id)).map((r) => r.deliveredAt!.getTime());
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    // Each wait as set, give or take the 2-second steps the test moves the clock by.
    const expected = [10, 10, 10, 10, 30, 10];
    expect(gaps).toHaveLength(expected.length);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(expected[i]!);
      expect(gap).toBeLessThan(expected[i]! + 2.5);
    });
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('waits outside the window (evening, weekend) and resumes when it opens, in the company’s time zone', async () => {
    // Friday 11 December 2026, 17:59:40 in New York (EST, UTC−5).
    await clockAt(new Date('2026-12-11T22:59:40Z'));
    const { company, connection, channel } = await aSetup({ timezone: 'America/New_York' });
    await settings(company.id, { ...FAST, messageInterval: 10 });
    const list = await aList(company.id, members(4));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });

    await run(60, 5);
    expect(await channel.sent()).toHaveLength(2);
    // The tick waits for Monday 09:00 EST.
    const [tick] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'campaignTick'), eq(jobs.key, String(campaign.id))));
    expect(tick!.runAt.toISOString()).toBe('2026-12-14T14:00:00.000Z');
    const token = company.admin.token;
    expect(await pauseOf(campaign.id, token)).toEqual({
      reason: 'window',
      resumesAt: '2026-12-14T14:00:00.000Z',
    });

    await clockAt(new Date('2026-12-14T13:59:00Z'));
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toHaveLength(2);
    for (let i = 0; i < 30 && (await channel.sent()).length < 3; i++) await run(5);
    // Sending again: the pause is gone while the run goes on.
    expect((await campaignRow(campaign.id)).status).toBe('EM_ANDAMENTO');
    expect(await pauseOf(campaign.id, token)).toBeNull();
    await run(90, 5);
    expect(await channel.sent()).toHaveLength(4);
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('sends on Saturday only when sabado allows it', async () => {
    await clockAt(new Date('2026-12-05T15:00:00Z')); // Saturday noon in São Paulo
    const closed = await aSetup();
    const open = await aSetup();
    await settings(closed.company.id, FAST);
    await settings(open.company.id, { ...FAST, sabado: true });
    for (const { company, connection } of [closed, open]) {
      const list = await aList(company.id, members(1));
      await aCampaign(company.id, connection.id, { contactListId: list.id });
    }
    await run(20);
    expect(await closed.channel.sent()).toHaveLength(0);
    expect(await open.channel.sent()).toHaveLength(1);
  });

  it('cancel stops within one message; restart goes on with the members not yet sent, each sent once', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, { ...FAST, messageInterval: 10 });
    const list = await aList(company.id, members(5));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    const token = company.admin.token;

    await run(15, 5);
    expect(await channel.sent()).toHaveLength(2);
    const cancelled = await server.call(api.campaignRuns.cancel, { params: { id: campaign.id } }, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELADA' });
    await run(60, 5);
    expect(await channel.sent()).toHaveLength(2);
    // Only a running campaign cancels; only a cancelled one restarts.
    expect(
      (await server.call(api.campaignRuns.cancel, { params: { id: campaign.id } }, { token })).body,
    ).toEqual({
      error: 'ERR_CAMPAIGN_STATUS',
    });

    const restarted = await server.call(api.campaignRuns.restart, { params: { id: campaign.id } }, { token });
    expect(restarted.body).toMatchObject({ status: 'EM_ANDAMENTO' });
    await run(60, 5);
    const sent = await channel.sent();
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((s) => s.to)).size).toBe(5);
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('a runner killed between the claim and the send: another takes the queued send after the lease, and the member gets one message', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, { ...FAST, messageInterval: 30 });
    const list = await aList(company.id, members(2));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    // The sweep starts the run; the tick claims the first member and queues its send, in one transaction.
    await run(5);
    expect(await channel.sent()).toHaveLength(1);
    await server.clock.advance({ seconds: 30 });
    // This "runner" claims the tick (and whatever is due before it), then dies before running it.
    let claimed = await claimNextJob(db(), 5 * 60_000);
    while (claimed && !(claimed.kind === 'campaignTick' && claimed.key === String(campaign.id)))
      claimed = await claimNextJob(db(), 5 * 60_000);
    expect(claimed).toBeDefined();
    await server.deps.jobs.runDue();
    expect(await channel.sent()).toHaveLength(1);
    // The lease runs out: the tick is taken again, claims the second member, and its send goes once.
    await run(5 * 60 + 1);
    await run(60, 10);
    expect((await channel.sent()).map((s) => s.to).sort()).toEqual(
      (await shipping(campaign.id)).map((r) => r.number).sort(),
    );
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('a send the channel took but whose commit failed is retried with the same key, and the channel keeps it once', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, FAST);
    const list = await aList(company.id, members(1));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    const driver = (await server.deps.channels.sendingDriver(connection.id))!;
    const original = driver.sendText.bind(driver);
    // The message goes out, then the process "crashes" before recording it.
    const crash = vi.spyOn(driver, 'sendText').mockImplementationOnce(async (...args) => {
      await original(...args);
      throw new Error('crashed after the channel took it');
    });
    await run(5);
    expect((await shipping(campaign.id))[0]!.deliveredAt).toBeNull();
    await run(120, 30);
    crash.mockRestore();
    expect(await channel.sent()).toHaveLength(1);
    expect((await shipping(campaign.id))[0]!.deliveredAt).not.toBeNull();
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('two servers running the jobs at once send each member once', async () => {
    await clockAt(WEDNESDAY_10H);
    const other = await startTestServer({ testChannel: true }, { database: server.database });
    try {
      const { company, connection, channel } = await aSetup();
      await settings(company.id, FAST);
      const list = await aList(company.id, members(60));
      const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
      await server.clock.advance({ seconds: 1 });
      await Promise.all([server.deps.jobs.runDue(), other.deps.jobs.runDue(), server.deps.jobs.runDue()]);
      await run(120, 60);
      await Promise.all([server.deps.jobs.runDue(), other.deps.jobs.runDue()]);
      const sent = await channel.sent();
      expect(sent).toHaveLength(60);
      expect(new Set(sent.map((s) => s.to)).size).toBe(60);
      expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
    } finally {
      await other.stopApp();
    }
  }, 60_000);

  it('marks invalid numbers failed and never retries them: known invalid in the list, or not on the channel', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, FAST);
    const [good, known, unknown] = [randomNumber(), randomNumber(), randomNumber()];
    const list = await aList(company.id, [
      { name: 'Boa', number: good },
      { name: 'Sabida', number: known, isWhatsappValid: false },
      { name: 'Nova', number: unknown },
    ]);
    const driver = (await server.deps.channels.sendingDriver(connection.id))!;
    const check = vi.spyOn(driver, 'checkNumber').mockImplementation(async (n) => (n === unknown ? null : n));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    await run(5);
    await run(3600, 600);
    check.mockRestore();
    expect((await channel.sent()).map((s) => s.to)).toEqual([good]);
    const rows = await shipping(campaign.id);
    expect(rows.map((r) => [r.number, r.failReason])).toEqual([
      [good, null],
      [known, 'invalid-number'],
      [unknown, 'invalid-number'],
    ]);
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
    const report = await server.call(
      api.campaignRuns.report,
      { params: { id: campaign.id } },
      { token: company.admin.token },
    );
    expect(report.body).toMatchObject({
      total: 3,
      valid: 1,
      delivered: 1,
      failed: 2,
      confirmationRequested: 0,
    });
  });

  it('skips contacts who wrote an opt-out keyword (failReason opt-out)', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, FAST);
    const [stays, leaves] = [randomNumber(), randomNumber()];
    await channel.inbound({ from: leaves, body: 'Sair' });
    await channel.inbound({ from: stays, body: 'Sair da lista? Não.' });
    await campaignInboundSettled(server.deps);
    const optOuts = await db()
      .select()
      .from(campaignOptOuts)
      .where(eq(campaignOptOuts.companyId, company.id));
    expect(optOuts.map((o) => o.number)).toEqual([leaves]);

    const list = await aList(company.id, [
      { name: 'Fica', number: stays },
      { name: 'Sai', number: leaves },
    ]);
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    await run(5);
    expect(
      (await channel.sent()).filter((s) => s.kind === 'text' && s.body.startsWith('Olá')).map((s) => s.to),
    ).toEqual([stays]);
    expect((await shipping(campaign.id)).find((r) => r.number === leaves)?.failReason).toBe('opt-out');
  });

  it('keeps to the connection’s daily ceiling and goes on the next day', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, { ...FAST, dailyLimit: 2 });
    const list = await aList(company.id, members(3));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    await run(60, 10);
    expect(await channel.sent()).toHaveLength(2);
    // Thursday 09:00 in São Paulo: the next day's window.
    const tomorrow = { reason: 'daily-limit', resumesAt: '2026-12-03T12:00:00.000Z' };
    expect(await pauseOf(campaign.id, company.admin.token)).toEqual(tomorrow);
    await run(6 * 3600, 3600);
    expect(await channel.sent()).toHaveLength(2);
    // Thursday 09:00 in São Paulo.
    await clockAt(new Date('2026-12-03T12:00:30Z'));
    await run(120, 30);
    expect(await channel.sent()).toHaveLength(3);
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
  });

  it('says when the warm-up’s ceiling holds a young connection’s run, and the live event tells it', async () => {
    await clockAt(WEDNESDAY_10H);
    // Connected today: its first day's ceiling.
    const { company, connection, channel } = await aSetup({}, { createdAt: WEDNESDAY_10H });
    await settings(company.id, { ...FAST, warmUp: true, dailyLimit: 0 });
    const list = await aList(company.id, members(CAMPAIGN_WARM_UP_STEP + 1));
    const campaign = await aCampaign(company.id, connection.id, { contactListId: list.id });
    const socket = await server.socket(company.admin.token);
    const events = collect<{ record: Campaign }>(socket, `company-${company.id}-campaign`);
    await run(30, 10);
    expect(await channel.sent()).toHaveLength(CAMPAIGN_WARM_UP_STEP);
    const pause = { reason: 'warm-up', resumesAt: '2026-12-03T12:00:00.000Z' };
    expect(await pauseOf(campaign.id, company.admin.token)).toEqual(pause);
    await drain(server, socket, company.id);
    expect(events.map((e) => e.record.pause)).toContainEqual(pause);
  });

  it('a tag audience: the company’s contacts carrying the tag', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, FAST);
    const tag = await aTag(server, company.id);
    const [tagged] = await db()
      .insert(contacts)
      .values({ companyId: company.id, name: 'Com Tag', number: randomNumber() })
      .returning();
    await db().insert(contacts).values({ companyId: company.id, name: 'Sem Tag', number: randomNumber() });
    await db().insert(contactTags).values({ contactId: tagged!.id, tagId: tag.id });
    await aCampaign(company.id, connection.id, { tagListId: tag.id, message1: 'Oi {nome}' });
    await run(5);
    expect((await channel.sent()).map((s) => [s.to, s.body])).toEqual([[tagged!.number, 'Oi Com Tag']]);
  });
});

describe('starting at its time', () => {
  const started = ['EM_ANDAMENTO', 'FINALIZADA'];

  /** A company ready to send, its sweep just run (its next turn 15 s away). */
  async function ready() {
    await clockAt(WEDNESDAY_10H);
    const setup = await aSetup();
    await settings(setup.company.id, FAST);
    const list = await aList(setup.company.id, members(2));
    await server.deps.jobs.runDue();
    const save = async (scheduledAt: Date, id?: number) => {
      const body = {
        name: 'Natal',
        whatsappId: setup.connection.id,
        contactListId: list.id,
        message1: 'Olá {nome}!',
        scheduledAt: scheduledAt.toISOString(),
      } as never;
      const token = { token: setup.company.admin.token };
      const res =
        id === undefined
          ? await server.call(api.campaigns.create, { body }, token)
          : await server.call(api.campaigns.update, { params: { id }, body }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { id: number }).id;
    };
    return { ...setup, save };
  }

  it('a campaign saved with its time now or past starts at once, not at the sweep’s next turn', async () => {
    const { save } = await ready();
    const id = await save(new Date((await clockNow()).getTime() - 60_000));
    await server.deps.jobs.runDue();
    expect(started).toContain((await campaignRow(id)).status);
  });

  it('one due later starts at its time (the last saved), not up to 15 s after', async () => {
    const { save } = await ready();
    const id = await save(new Date((await clockNow()).getTime() + 60_000));
    // Saved again for 20 s from now: the start follows the new time.
    await save(new Date((await clockNow()).getTime() + 20_000), id);
    await run(15, 5);
    expect((await campaignRow(id)).status).toBe('PROGRAMADA');
    await run(5);
    expect(started).toContain((await campaignRow(id)).status);
  });
});

describe('confirmation campaigns', () => {
  it('asks each member first and sends the message only to those who answer; the others fail after the wait', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection, channel } = await aSetup();
    await settings(company.id, { ...FAST, confirmationWaitHours: 2 });
    const [yes, silent] = [randomNumber(), randomNumber()];
    const list = await aList(company.id, [
      { name: 'Sim', number: yes },
      { name: 'Mudo', number: silent },
    ]);
    const campaign = await aCampaign(company.id, connection.id, {
      contactListId: list.id,
      confirmation: true,
      confirmationMessage1: 'Posso enviar a oferta, {nome}?',
      message1: 'A oferta, {nome}',
    });
    await run(5);
    expect((await channel.sent()).map((s) => [s.to, s.body]).sort()).toEqual(
      [
        [yes, 'Posso enviar a oferta, Sim?'],
        [silent, 'Posso enviar a oferta, Mudo?'],
      ].sort(),
    );
    expect((await shipping(campaign.id)).every((r) => r.confirmationRequestedAt !== null)).toBe(true);

    await channel.inbound({ from: yes, body: 'Pode sim' });
    await campaignInboundSettled(server.deps);
    await server.deps.jobs.runDue();
    const toYes = (await channel.sent()).filter((s) => s.to === yes).map((s) => s.body);
    expect(toYes).toEqual(['Posso enviar a oferta, Sim?', 'A oferta, Sim']);
    const answered = (await shipping(campaign.id)).find((r) => r.number === yes)!;
    expect(answered).toMatchObject({ confirmationAnswer: 'Pode sim' });
    expect(answered.confirmedAt).not.toBeNull();
    expect(answered.deliveredAt).not.toBeNull();
    expect((await campaignRow(campaign.id)).status).toBe('EM_ANDAMENTO');

    await run(2 * 3600 + 60, 600);
    expect((await channel.sent()).filter((s) => s.to === silent)).toHaveLength(1);
    expect((await shipping(campaign.id)).find((r) => r.number === silent)?.failReason).toBe('no-answer');
    expect((await campaignRow(campaign.id)).status).toBe('FINALIZADA');
    const report = await server.call(
      api.campaignRuns.report,
      { params: { id: campaign.id } },
      { token: company.admin.token },
    );
    expect(report.body).toMatchObject({
      total: 2,
      valid: 2,
      delivered: 1,
      confirmationRequested: 2,
      confirmed: 1,
      failed: 1,
    });
  });
});

describe('openTicket', () => {
  it('opens the member’s ticket with the chosen status, user and queue, stores the message, and runs no bot', async () => {
    await clockAt(WEDNESDAY_10H);
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Vendas');
    const agent = await aUser(server, company.id, { name: 'Vera', queueIds: [queue.id] });
    // A connection whose bot would greet anyone who writes.
    const connection = await aConnection(server, company.id, {
      greetingMessage: 'Bem-vindo! Escolha uma opção',
      queueIds: [queue.id],
    });
    const channel = testChannel(server, connection.id);
    await settings(company.id, FAST);
    const number = randomNumber();
    const list = await aList(company.id, [{ name: 'Rita', number }]);
    await aCampaign(company.id, connection.id, {
      contactListId: list.id,
      openTicket: true,
      statusTicket: 'open',
      userId: agent.id,
      queueId: queue.id,
      message1: 'Oi {nome}, seu protocolo {{ticket_id}}',
    });
    await run(5);
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, company.id), eq(contacts.number, number)));
    const [ticket] = await db().select().from(tickets).where(eq(tickets.contactId, contact!.id));
    expect(ticket).toMatchObject({ status: 'open', userId: agent.id, queueId: queue.id, isBot: false });
    const stored = await db().select().from(messages).where(eq(messages.ticketId, ticket!.id));
    expect(stored.map((m) => [m.body, m.fromMe])).toEqual([[`Oi Rita, seu protocolo ${ticket!.id}`, true]]);
    expect((await channel.sent()).map((s) => s.body)).toEqual([`Oi Rita, seu protocolo ${ticket!.id}`]);
  });
});

describe('the routes', () => {
  it('report before the start counts the list; events carry the figures as the run goes', async () => {
    await clockAt(WEDNESDAY_10H);
    const { company, connection } = await aSetup();
    await settings(company.id, FAST);
    const list = await aList(company.id, [
      ...members(2),
      { name: 'X', number: randomNumber(), isWhatsappValid: false },
    ]);
    const campaign = await aCampaign(company.id, connection.id, {
      contactListId: list.id,
      scheduledAt: new Date(WEDNESDAY_10H.getTime() + 3600_000),
    });
    const token = company.admin.token;
    const before = await server.call(api.campaignRuns.report, { params: { id: campaign.id } }, { token });
    expect(before.body).toMatchObject({
      total: 3,
      valid: 2,
      delivered: 0,
      campaign: { id: campaign.id, status: 'PROGRAMADA' },
    });

    const socket = await server.socket(token);
    const events = collect<{ action: string; record: { status: string }; progress?: CampaignReport }>(
      socket,
      `company-${company.id}-campaign`,
    );
    await run(3600 + 10);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await drain(server, socket, company.id);
    expect(events.map((e) => e.record.status)).toContain('EM_ANDAMENTO');
    const last = events.at(-1)!;
    expect(last.record.status).toBe('FINALIZADA');
    expect(last.progress).toMatchObject({ total: 3, valid: 2, delivered: 2, failed: 1 });
  });

  it('test send: the first variant to one number, through the campaign’s connection', async () => {
    const { company, connection, channel } = await aSetup();
    const campaign = await aCampaign(company.id, connection.id, {
      status: 'INATIVA',
      message1: '',
      message2: 'Teste {nome}',
    });
    const res = await server.call(
      api.campaignRuns.testSend,
      { params: { id: campaign.id }, body: { number: '5511988887777' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await channel.sent()).map((s) => [s.to, s.body])).toEqual([
      ['5511988887777', 'Teste 5511988887777'],
    ]);
  });

  it('another company’s campaign is not found', async () => {
    const { company, connection } = await aSetup();
    const campaign = await aCampaign(company.id, connection.id, { status: 'EM_ANDAMENTO' });
    const other = await aCompany(server);
    for (const route of [api.campaignRuns.cancel, api.campaignRuns.restart, api.campaignRuns.report]) {
      const res = await server.call(route, { params: { id: campaign.id } }, { token: other.admin.token });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
    }
    const res = await server.call(
      api.campaignRuns.testSend,
      { params: { id: campaign.id }, body: { number: '5511988887777' } },
      { token: other.admin.token },
    );
    expect(res.status).toBe(404);
    expect((await campaignRow(campaign.id)).status).toBe('EM_ANDAMENTO');
  });

  it('plain users may not run campaigns', async () => {
    const { company, connection } = await aSetup();
    const campaign = await aCampaign(company.id, connection.id, { status: 'EM_ANDAMENTO' });
    const user = await aUser(server, company.id);
    const res = await server.call(
      api.campaignRuns.cancel,
      { params: { id: campaign.id } },
      { token: user.token },
    );
    expect(res.status).toBe(403);
  });
});
