import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { routingSettled } from '../automation/routing';
import { jobs, messages, ticketLogs, tickets } from '../db/schema';
import { randomNumber, testChannel } from './builders';
import type { TestServer } from './server';

/**
 * One customer writing to a test connection: each message is stored and routed before `say` returns,
 * and what the server did is read back (texts sent to the customer, the ticket, its log and timers).
 */
export function aConversation(server: TestServer, connectionId: number, from = randomNumber()) {
  const channel = testChannel(server, connectionId);
  const db = server.database.db;
  let ticketId = 0;
  return {
    from,
    get ticketId() {
      return ticketId;
    },
    async say(body: string) {
      const res = await channel.inbound({ from, body, name: 'Ana Souza' });
      expect(res.body.stored).toBe(true);
      ticketId = res.body.ticketId as number;
      await routingSettled(server.deps);
      return ticketId;
    },
    /** The texts the server sent to this customer, in order. */
    async replies() {
      return (await channel.sent()).filter((s) => s.to === from).map((s) => s.body);
    },
    ticket: async () => (await db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!,
    /** The ticket's log entry types, oldest first. */
    logs: async () =>
      (
        await db
          .select({ type: ticketLogs.type })
          .from(ticketLogs)
          .where(eq(ticketLogs.ticketId, ticketId))
          .orderBy(asc(ticketLogs.id))
      ).map((l) => l.type),
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
