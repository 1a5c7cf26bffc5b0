import { eq } from 'drizzle-orm';
import { campaignSettings, campaigns, contactListItems, contactLists } from '../src/server/db/schema';
import type { ServerDeps } from '../src/server/platform/deps';
import { type DatabaseLabel, valueResult } from './measure';
import type { ScenarioContext } from './scenarios';

/** The targets: the sender's own overhead, and its memory flat over the run. */
const TARGETS = {
  rate: { postgresql: { on: 'value', atLeast: 500 } },
  rss: { pglite: { on: 'value', atMost: 100 }, postgresql: { on: 'value', atMost: 100 } },
} as const;

const mb = () => process.memoryUsage().rss / 1024 / 1024;

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
  for (let i = 0; i < members; i += 1000) {
    await db.insert(contactListItems).values(
      Array.from({ length: Math.min(1000, members - i) }, (_, j) => ({
        companyId,
        contactListId: list!.id,
        name: `Bench ${i + j}`,
        number: `5577${run}${String(i + j).padStart(5, '0')}`,
      })),
    );
  }
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

  const rssBefore = mb();
  let rssPeak = rssBefore;
  const started = performance.now();
  for (;;) {
    await deps.jobs.runDue();
    rssPeak = Math.max(rssPeak, mb());
    const [row] = await db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaign!.id));
    if (row?.status === 'FINALIZADA') break;
    // The tick that started the run may wait for the sweep's next turn; nothing else waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
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
      rssPeak - rssBefore,
      TARGETS.rss[ctx.db.label],
      {
        ...context,
        samples: members,
      },
    ),
  );
}
