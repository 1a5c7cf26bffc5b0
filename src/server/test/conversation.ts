import { asc, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { DEFAULT_SCHEDULES } from '../../shared/schedules';
import type { CompanySettingKey } from '../../shared/settings';
import { routingSettled } from '../automation/routing';
import { leaveLine } from '../automation/step';
import { companies, jobs, messages, queues, ticketLogs, tickets, type whatsapps } from '../db/schema';
import { writeCompanySetting } from '../modules/settings/queries';
import { tenantDb } from '../platform/tenant';
import { randomNumber, testChannel } from './builders';
import { aCompany, aQueue, type TestServer } from './server';

/**
 * A conversation simulator for the bots and timers: customers who write through the test channel, and
 * what the server did read back (what it sent them, the ticket, its log and timers).
 */

/** Every weekday closed, or open all day: "now" is out of (or within) hours whatever the clock says. */
export const CLOSED_WEEK = DEFAULT_SCHEDULES.map((day) => ({
  ...day,
  startTimeA: '',
  endTimeA: '',
  startTimeB: '',
  endTimeB: '',
}));
export const OPEN_WEEK = DEFAULT_SCHEDULES.map((day) => ({
  ...day,
  startTimeA: '00:00',
  endTimeA: '23:59',
  startTimeB: '',
  endTimeB: '',
}));

/** The queue menu as the bots write it: the greeting, then one line per queue and the leave line. */
export const MENU = (greeting: string, names: string[]) =>
  [greeting, [...names.map((name, i) => `*[ ${i + 1} ]* - ${name}`), leaveLine('pt')].join('\n')]
    .filter(Boolean)
    .join('\n\n');

/**
 * One customer writing to a test connection: each message is stored and routed before `say` returns,
 * and what the server did is read back (texts sent to the customer, the ticket, its log and timers).
 */
export function aConversation(server: TestServer, connectionId: number, from = randomNumber()) {
  const channel = testChannel(server, connectionId);
  const db = server.database.db;
  let ticketId = 0;
  const sentToMe = async () => (await channel.sent()).filter((s) => s.to === from);
  const logRows = () =>
    db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(asc(ticketLogs.id));
  return {
    from,
    channel,
    get ticketId() {
      return ticketId;
    },
    /** A message from the customer (`extra`: a file, a group, fromMe…, as the test channel takes them). */
    async say(body: string, extra: Record<string, unknown> = {}) {
      const res = await channel.inbound({ from, body, name: 'Ana Souza', ...extra });
      expect(res.body.stored).toBe(true);
      ticketId = res.body.ticketId as number;
      await routingSettled(server.deps);
      return ticketId;
    },
    /** The texts (a file's caption) the server sent to this customer, in order. */
    async replies() {
      return (await sentToMe()).map((s) => s.body);
    },
    /** Everything sent to this customer, files with their names. */
    sent: sentToMe,
    /** Waits (at most five seconds) until the server has sent `count` texts to this customer. */
    async repliesWhen(count: number) {
      let bodies: string[] = [];
      await vi.waitFor(
        async () => {
          bodies = (await sentToMe()).map((s) => s.body);
          expect(bodies.length).toBeGreaterThanOrEqual(count);
        },
        { timeout: 5000, interval: 20 },
      );
      return bodies;
    },
    ticket: async () => (await db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!,
    /** The ticket's log entry types, oldest first. */
    logs: async () => (await logRows()).map((l) => l.type),
    /** The ticket's log entries with their queue and user, oldest first. */
    logEntries: async () =>
      (await logRows()).map((l) => ({ type: l.type, queueId: l.queueId, userId: l.userId })),
    /** The ticket's messages written on our side (bots, timers, attendants), oldest first. */
    ours: async () =>
      (
        await db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id))
      ).filter((m) => m.fromMe),
    /** The kinds of the ticket's armed timers. */
    timers: async () =>
      (await db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.ticketId, ticketId)))
        .map((j) => j.kind)
        .sort(),
  };
}

/** Moves the jobs' clock and runs whatever became due. */
export async function passTime(server: TestServer, by: { minutes?: number; hours?: number }) {
  await server.clock.advance(by);
  await server.deps.jobs.runDue();
}

export interface QueueSpec {
  name: string;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  orderQueue?: number;
  schedules?: unknown;
  closeTicket?: boolean;
  fileListId?: number;
}

export interface BotSetup {
  queues?: QueueSpec[];
  connection?: Record<string, unknown>;
  settings?: Partial<Record<CompanySettingKey, string>>;
  timezone?: string;
}

/** The simulator for the test file's server (given as a getter: it starts in beforeAll). */
export function conversations(serverOf: () => TestServer) {
  const db = () => serverOf().database.db;
  const chat = (connectionId: number, from?: string) => aConversation(serverOf(), connectionId, from);

  /** A company with queues and a test connection offering them, made through the test channel's route. */
  async function aCompanyWithBot(setup: BotSetup = {}) {
    const company = await aCompany(serverOf());
    if (setup.timezone)
      await db().update(companies).set({ timezone: setup.timezone }).where(eq(companies.id, company.id));
    for (const [key, value] of Object.entries(setup.settings ?? {}))
      await writeCompanySetting(tenantDb(db(), company.id), key as CompanySettingKey, value);
    const made = [];
    for (const spec of setup.queues ?? []) {
      const { name, ...fields } = spec;
      const queue = await aQueue(serverOf(), company.id, name);
      if (Object.keys(fields).length) await db().update(queues).set(fields).where(eq(queues.id, queue.id));
      made.push(queue);
    }
    const connection = await aTestConnection(
      company.admin.token,
      made.map((q) => q.id),
      setup.connection,
    );
    return { company, queues: made, connection, ...chat(connection.id) };
  }

  async function aTestConnection(token: string, queueIds: number[], fields: Record<string, unknown> = {}) {
    const res = await serverOf().app.inject({
      method: 'POST',
      url: '/api/test-channel/connections',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Loja', queueIds, ...fields },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as typeof whatsapps.$inferSelect;
  }

  /** What the bots stored as sent on a ticket (fromMe), in order. */
  const botMessagesOf = (ticketId: number) =>
    db()
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticketId))
      .orderBy(asc(messages.id))
      .then((rows) => rows.filter((m) => m.fromMe));

  return { chat, aCompanyWithBot, aTestConnection, botMessagesOf };
}
