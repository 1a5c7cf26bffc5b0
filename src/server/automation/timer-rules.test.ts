import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, queues, tickets } from '../db/schema';
import { quietTimers } from '../jobs/queries';
import { writeCompanySetting } from '../modules/settings/queries';
import { tenantDb } from '../platform/tenant';
import { aConnection, aContact } from '../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';
import {
  onOwnMessage,
  onTicketChange,
  type TicketTimer,
  type TimedTicket,
  type TimerOutcome,
  type TimerSettings,
} from './timers';

/*
 * The timer rules stated in timers.ts, run against the triggers that apply them (migrations 0010 and
 * 0015): every ticket change and every message of ours arms, keeps or cancels exactly what the rules say.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const db = () => server.database.db;
const KINDS: TicketTimer[] = ['redirect', 'inactivity', 'expiry', 'npsExpiry', 'offer'];

interface Variant {
  name: string;
  settings: Omit<TimerSettings, 'queueRotates'>;
  /** Which of the two queues rotates. */
  rotating: 'first' | 'none';
}

/** A company, its connection with these timer settings, two queues, a user and a contact. */
async function aPlace({ settings, rotating }: Variant) {
  const company = await aCompany(server);
  if (settings.userRandom) await writeCompanySetting(tenantDb(db(), company.id), 'userRandom', 'enabled');
  const [first, second] = [await aQueue(server, company.id), await aQueue(server, company.id)];
  if (rotating === 'first') {
    await db().update(queues).set({ ativarRoteador: true, tempoRoteador: 5 }).where(eq(queues.id, first.id));
  }
  const connection = await aConnection(server, company.id, {
    channel: 'whatsapp-none',
    timeSendQueue: settings.timeSendQueue,
    sendIdQueue: settings.sendIdQueue === null ? null : first.id,
    expiresTicketNPS: settings.expiresTicketNPS,
    timeInactiveMessage: settings.timeInactiveMessage,
    inactiveMessage: settings.inactiveMessage,
    expiresTicket: settings.expiresTicket,
  });
  const user = await aUser(server, company.id);
  const contact = await aContact(server, company.id);
  return { company, queues: [first.id, second.id] as const, connection, user, contact };
}
type Place = Awaited<ReturnType<typeof aPlace>>;

/** A ticket state over the place's queues and user, named by small codes. */
interface State {
  status: 'pending' | 'open' | 'nps' | 'lgpd' | 'closed' | 'group';
  queue: 0 | 1 | 2;
  user: boolean;
  isBot: boolean;
}

const STATES: State[] = (['pending', 'open', 'nps', 'lgpd', 'closed', 'group'] as const).flatMap((status) =>
  ([0, 1, 2] as const).flatMap((queue) =>
    [false, true].flatMap((user) => [false, true].map((isBot) => ({ status, queue, user, isBot }))),
  ),
);

const fieldsOf = (place: Place, state: State) => ({
  status: state.status,
  queueId: state.queue === 0 ? null : place.queues[state.queue - 1]!,
  userId: state.user ? place.user.id : null,
  isBot: state.isBot,
  isGroup: state.status === 'group',
});

const timed = (place: Place, state: State): TimedTicket => fieldsOf(place, state);

const settingsFor = (variant: Variant, state: State): TimerSettings => ({
  ...variant.settings,
  queueRotates: variant.rotating === 'first' && state.queue === 1,
});

/** The ticket's live jobs by kind: their revision (arming again raises it). */
async function jobsOf(ticketId: number) {
  const rows = await db()
    .select({ kind: jobs.kind, revision: jobs.revision })
    .from(jobs)
    .where(eq(jobs.ticketId, ticketId));
  return new Map(rows.map((row) => [row.kind, row.revision]));
}

/** Every kind armed by hand, so that keep and cancel can be told apart. */
async function armAll(ticketId: number) {
  for (const kind of KINDS) {
    await db().execute(
      sql`select arm_ticket_timer(${kind}, t, 60, '{}') from ${tickets} t where t.id = ${ticketId}`,
    );
  }
}

function outcomes(before: Map<string, number>, after: Map<string, number>) {
  return Object.fromEntries(
    KINDS.map((kind): [TicketTimer, TimerOutcome] => {
      const was = before.get(kind);
      const is = after.get(kind);
      if (is === undefined) return [kind, 'cancel'];
      return [kind, was === undefined || is > was ? 'arm' : 'keep'];
    }),
  );
}

/** A small deterministic generator, so a failure names a case that comes back. */
function seeded(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
}

const label = (s: State) =>
  `${s.status}/q${s.queue}/${s.user ? 'user' : 'nobody'}/${s.isBot ? 'bot' : 'no bot'}`;

const VARIANTS: Variant[] = [
  {
    name: 'every timer configured, random assignment on',
    settings: {
      timeSendQueue: 5,
      sendIdQueue: 1,
      expiresTicketNPS: 5,
      timeInactiveMessage: 5,
      inactiveMessage: 'Ainda está aí?',
      expiresTicket: 10,
      userRandom: true,
    },
    rotating: 'none',
  },
  {
    name: 'no timer configured, the first queue rotating',
    settings: {
      timeSendQueue: 0,
      sendIdQueue: null,
      expiresTicketNPS: 0,
      timeInactiveMessage: 5,
      inactiveMessage: ' ',
      expiresTicket: 0,
      userRandom: false,
    },
    rotating: 'first',
  },
];

describe.each(VARIANTS)('the timer rules hold in the database: $name', (variant) => {
  let place: Place;
  beforeAll(async () => {
    place = await aPlace(variant);
  });

  async function aTicketIn(state: State) {
    const [row] = await db()
      .insert(tickets)
      .values({
        companyId: place.company.id,
        contactId: place.contact.id,
        whatsappId: place.connection.id,
        ...fieldsOf(place, state),
      })
      .returning({ id: tickets.id });
    return row!.id;
  }

  it('arms what a new ticket’s state arms, and nothing else', async () => {
    for (const state of STATES) {
      const id = await aTicketIn(state);
      const expected = onTicketChange(undefined, timed(place, state), settingsFor(variant, state));
      const armed = await jobsOf(id);
      for (const kind of KINDS) {
        expect(armed.has(kind), `${kind} of a ticket created ${label(state)}`).toBe(expected[kind] === 'arm');
      }
    }
  });

  it('arms, keeps and cancels on each change of status, queue, user or bot as the rules say', async () => {
    const pick = seeded(12);
    const id = await aTicketIn(STATES[0]!);
    for (let n = 0; n < 100; n++) {
      const before = STATES[pick(STATES.length)]!;
      const after = STATES[pick(STATES.length)]!;
      await db().update(tickets).set(fieldsOf(place, before)).where(eq(tickets.id, id));
      await armAll(id);
      const held = await jobsOf(id);
      await db().update(tickets).set(fieldsOf(place, after)).where(eq(tickets.id, id));
      const expected = onTicketChange(timed(place, before), timed(place, after), settingsFor(variant, after));
      // A change of none of the four columns fires no trigger: everything is kept.
      const unchanged = JSON.stringify(fieldsOf(place, before)) === JSON.stringify(fieldsOf(place, after));
      const want = unchanged ? Object.fromEntries(KINDS.map((k) => [k, 'keep'])) : expected;
      expect(outcomes(held, await jobsOf(id)), `${label(before)} → ${label(after)}`).toEqual(want);
    }
  });

  it('counts the contact’s silence from each message of ours, never from a note or a quiet one', async () => {
    const id = await aTicketIn(STATES[0]!);
    for (const state of STATES) {
      await db().update(tickets).set(fieldsOf(place, state)).where(eq(tickets.id, id));
      await db().delete(jobs).where(eq(jobs.ticketId, id));
      const message = {
        companyId: place.company.id,
        ticketId: id,
        contactId: place.contact.id,
        body: 'Olá',
        fromMe: true,
      };
      await db()
        .insert(messages)
        .values({ ...message, wid: `note-${id}-${label(state)}`, isPrivate: true });
      await db().transaction(async (tx) => {
        await quietTimers(tx);
        await tx.insert(messages).values({ ...message, wid: `quiet-${id}-${label(state)}` });
      });
      expect((await jobsOf(id)).size, `a note or a quiet message on ${label(state)}`).toBe(0);
      await db()
        .insert(messages)
        .values({ ...message, wid: `ours-${id}-${label(state)}` });
      const expected = onOwnMessage(timed(place, state), settingsFor(variant, state));
      const armed = await jobsOf(id);
      for (const kind of ['inactivity', 'expiry'] as const) {
        expect(armed.has(kind), `${kind} after our message on ${label(state)}`).toBe(
          expected[kind] === 'arm',
        );
      }
    }
  });
});
