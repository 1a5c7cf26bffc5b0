import { type SQL, sql } from 'drizzle-orm';
import { TestDriver } from '../src/server/channels/test/driver';
import { companies, contacts, plans, whatsapps } from '../src/server/db/schema';
import { OCCURRENCE_JOB } from '../src/server/modules/scheduled-messages/queries';
import type { ServerDeps } from '../src/server/platform/deps';
import { type DatabaseLabel, summarize, valueResult } from './measure';
import type { ScenarioContext } from './scenarios';

/** The targets: every schedule out within 60 s of the minute they are due in, none twice, none missed. */
const TARGETS = {
  lastSent: { on: 'value', atMost: 60 },
  twice: { on: 'value', atMost: 0 },
  missed: { on: 'value', atMost: 0 },
} as const;

/** The schedules are spread over this many companies, each with a test connection of its own. */
const COMPANIES = 4;
/** Past this the run stops waiting and counts what is still unsent as missed. */
const GIVE_UP_MS = 15 * 60_000;
/** From the schedules armed to their due time: the runner finds nothing before it. */
const LEAD_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * 10,000 schedules (scaled, at least 100) due at the same instant across a few companies, sent by the
 * server's job runner (driven as its poll drives it: a drain, then the poll interval) through the test
 * driver: the time from due to the last one sent, the sends per second, and what went out twice or not
 * at all, counted three ways (the driver's calls per contact by idempotency key, schedule_sends rows, stored messages).
 */
export async function runScheduleScenario(ctx: ScenarioContext, deps: ServerDeps, pollMs: number) {
  const db = deps.db;
  const total = Math.max(100, Math.round(10_000 * ctx.scale));
  const context = { database: ctx.db.label as DatabaseLabel, scale: ctx.scale };
  ctx.log(`scheduled messages, ${total} due at once over ${COMPANIES} companies…`);

  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  const [plan] = await db.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(1);
  const companyIds: number[] = [];
  /** The first time each idempotency key reached a driver, and how many times it came. */
  const firstSent = new Map<string, number>();
  const tries = new Map<string, number>();
  const keysPerNumber = new Map<string, Set<string>>();
  for (let c = 0; c < COMPANIES; c++) {
    const [company] = await db
      .insert(companies)
      .values({ name: `Bench schedules ${run}-${c + 1}`, planId: plan!.id, dueDate: '2999-01-01' })
      .returning({ id: companies.id });
    const companyId = company!.id;
    companyIds.push(companyId);
    const [connection] = await db
      .insert(whatsapps)
      .values({ companyId, name: 'Bench schedules', channel: 'test', isDefault: true })
      .returning({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        channel: whatsapps.channel,
        name: whatsapps.name,
      });
    if (!(await deps.sessions.connect(connection!))) throw new Error('the test connection did not start');
    const driver = deps.channels.driverOf(connection!.id);
    if (!(driver instanceof TestDriver)) throw new Error('the bench connection has no test driver');
    // Every try is counted, even those the driver answers from its idempotency keys without sending.
    const sendText = driver.sendText.bind(driver);
    driver.sendText = (to, body, options) => {
      const key = options?.idempotencyKey ?? `none:${to}`;
      if (!firstSent.has(key)) firstSent.set(key, Date.now());
      tries.set(key, (tries.get(key) ?? 0) + 1);
      // Per contact, the distinct keys it was sent under (the driver keeps only its latest sends).
      keysPerNumber.set(to, (keysPerNumber.get(to) ?? new Set()).add(key));
      return sendText(to, body, options);
    };

    const count = Math.floor(total / COMPANIES) + (c < total % COMPANIES ? 1 : 0);
    for (let i = 0; i < count; i += 1000) {
      await db.insert(contacts).values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          companyId,
          name: `Bench schedule ${c + 1}-${i + j}`,
          number: `5588${run}${c}${String(i + j).padStart(5, '0')}`,
          channel: 'test',
          whatsappId: connection!.id,
        })),
      );
    }
    // Parked far ahead until every company is seeded; armed together below.
    await db.execute(sql`insert into schedules (company_id, body, contact_id, send_at, whatsapp_id)
      select company_id, 'Lembrete ' || id || ': sua consulta é amanhã.', id, '2999-01-01'::timestamptz, ${connection!.id}::int
      from contacts where company_id = ${companyId}`);
  }
  const ours: SQL = sql`company_id in (${inList(companyIds)})`;
  // What else is due (the seeded tickets' timers, a campaign's sweep) runs now, not in the timed drain.
  await deps.jobs.runDue();

  const due = new Date(Date.now() + LEAD_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update schedules set send_at = ${due.toISOString()}::timestamptz,
      next_send_at = ${due.toISOString()}::timestamptz where ${ours}`);
    await tx.execute(sql`insert into jobs (kind, key, company_id, payload, run_at)
      select ${OCCURRENCE_JOB}::varchar, 'schedule:' || id, company_id,
        jsonb_build_object('scheduleId', id, 'occurrence', 1), ${due.toISOString()}::timestamptz
      from schedules where ${ours}`);
  });
  await sleep(Math.max(0, due.getTime() - Date.now()));

  const rssBefore = process.memoryUsage().rss;
  for (;;) {
    await deps.jobs.runDue();
    if (firstSent.size >= total || Date.now() - due.getTime() > GIVE_UP_MS) break;
    await sleep(pollMs);
  }
  const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;

  const lateness = [...firstSent.values()].map((at) => (at - due.getTime()) / 1000);
  const lastSent = lateness.length ? Math.max(...lateness) : Number.NaN;
  const repeatedTries = [...tries.values()].filter((n) => n > 1).length;
  const perNumber = [...keysPerNumber.values()].map((keys) => keys.size);
  const sentTwice = perNumber.filter((n) => n > 1).length;
  const sentOnce = perNumber.filter((n) => n === 1).length;

  const [rows] = (
    await db.execute<{
      sends: number;
      delivered: number;
      twice: number;
      enviada: number;
      messages_twice: number;
    }>(
      sql`select
        (select count(*)::int from schedule_sends where ${ours}) as sends,
        (select count(*)::int from schedule_sends where ${ours} and delivered_at is not null) as delivered,
        (select count(*)::int from (select schedule_id from schedule_sends where ${ours}
          group by schedule_id having count(*) > 1) t) as twice,
        (select count(*)::int from schedules where ${ours} and status = 'ENVIADA') as enviada,
        (select count(*)::int from (select contact_id from messages where ${ours} and from_me
          group by contact_id having count(*) > 1) m) as messages_twice`,
    )
  ).rows;
  const stats = rows!;
  ctx.log(
    `  driver: ${sentOnce} contacts sent to once, ${sentTwice} more than once, ${repeatedTries} keys tried again; ` +
      `schedule_sends ${stats.sends} (${stats.delivered} delivered, ${stats.twice} schedules with two), ` +
      `${stats.enviada} schedules ENVIADA, ${stats.messages_twice} contacts with two stored messages; ` +
      `RSS +${rssGrowth.toFixed(1)} MB`,
  );

  const spread = summarize(lateness);
  ctx.report(
    valueResult(
      `${total} schedules due at once: due → last sent`,
      's',
      lastSent,
      ctx.scale === 1 ? TARGETS.lastSent : undefined,
      { ...context, samples: lateness.length, p50: spread.p50, p95: spread.p95 },
    ),
  );
  ctx.report(
    valueResult('scheduled messages sent per second', 'messages/s', total / lastSent, undefined, {
      ...context,
      samples: lateness.length,
    }),
  );
  ctx.report(
    valueResult(
      'scheduled messages sent twice (driver, sends, stored)',
      'count',
      sentTwice + stats.twice + stats.messages_twice,
      TARGETS.twice,
      { ...context, samples: total },
    ),
  );
  const missed = Math.max(total - sentOnce - sentTwice, total - stats.delivered, total - stats.enviada);
  ctx.report(
    valueResult('scheduled messages not sent', 'count', missed, TARGETS.missed, {
      ...context,
      samples: total,
    }),
  );
}
