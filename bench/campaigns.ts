import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import { campaignSettings, campaigns, contactLists } from '../src/server/db/schema';
import type { ServerDeps } from '../src/server/platform/deps';
import { type DatabaseLabel, valueResult } from './measure';
import type { ScenarioContext } from './scenarios';

/** The targets: the sender's own overhead, and its memory flat over the run. */
const TARGETS = {
  rate: { postgresql: { on: 'value', atLeast: 500 } },
  rss: { pglite: { on: 'value', atMost: 100 }, postgresql: { on: 'value', atMost: 100 } },
} as const;

const mb = (bytes: number) => bytes / 1024 / 1024;

/** A full garbage collection (without --expose-gc on the command line): what stays after it is what is held. */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * A campaign of 10,000 members (scaled) with messageInterval 0 through the test driver, the server's jobs
 * run back to back: members sent per second (the channel's own pacing aside) and the server's RSS growth.
 */
export async function runCampaignScenario(ctx: ScenarioContext, deps: ServerDeps) {
  const db = deps.db;
  const members = Math.max(100, Math.round(10_000 * ctx.scale));
  const companyId = ctx.data.companyId;
  const context = { database: ctx.db.label as DatabaseLabel, scale: ctx.scale };
  ctx.log(`campaign sender, ${members} members, messageInterval 0…`);

  for (const [key, value] of Object.entries({
    messageInterval: 0,
    longerIntervalAfter: 0,
    jitterSeconds: 0,
    warmUp: false,
    dailyLimit: 0,
    startHour: '00:00',
    endHour: '23:59',
    sabado: true,
    domingo: true,
  })) {
    await db
      .insert(campaignSettings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value } });
  }
  const [list] = await db.insert(contactLists).values({ companyId, name: 'bench campaign' }).returning();
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  // One statement in the database: the bench's own inserts must not leave garbage in the measured heap.
  await ctx.db.exec(`insert into contact_list_items (company_id, contact_list_id, name, number)
    select ${companyId}, ${list!.id}, 'Bench ' || i, '5577${run}' || lpad(i::text, 5, '0')
    from generate_series(0, ${members - 1}) as i`);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: 'bench campaign',
      status: 'PROGRAMADA',
      scheduledAt: new Date(Date.now() - 1000),
      contactListId: list!.id,
      whatsappId: ctx.data.connectionId,
      message1: 'Olá {nome}, {{ms}}!',
    })
    .returning();

  collectGarbage();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  // Sampled on a timer: one runDue may run the whole campaign.
  const sampler = setInterval(() => {}, 100);
  const started = performance.now();
  for (;;) {
    await deps.jobs.runDue();
    const [row] = await db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaign!.id));
    if (row?.status === 'FINALIZADA') break;
    // The tick that started the run may wait for the sweep's next turn; nothing else waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  collectGarbage();
  const after = process.memoryUsage();
  ctx.report(
    valueResult(
      'campaign sender throughput, messageInterval 0',
      'messages/s',
      members / seconds,
      TARGETS.rate[ctx.db.label as 'postgresql'],
      {
        ...context,
        samples: members,
      },
    ),
  );
  ctx.report(
    valueResult(
      'server RSS growth during the campaign',
      'MB',
      mb(rssPeak - before.rss),
      TARGETS.rss[ctx.db.label],
      {
        ...context,
        samples: members,
      },
    ),
  );
  // What the run left held (a leak grows this with every run); the RSS above also counts garbage not yet collected.
  ctx.report(
    valueResult(
      'server heap held after the campaign (after a full GC)',
      'MB',
      mb(after.heapUsed - before.heapUsed),
      undefined,
      {
        ...context,
        samples: members,
      },
    ),
  );
}
