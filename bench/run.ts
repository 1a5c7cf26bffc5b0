/**
 * `npm run bench`: seeds one company (50 users, 10 queues, 20,000 contacts, 100,000 tickets, 2,000,000
 * messages; BENCH_SCALE scales the last three), serves it with the real app and measures the inbox's
 * requests and the inbound pipeline through HTTP and Socket.IO, then the desktop's (bench/desktop.ts:
 * the inbox from its offline cache, a catch-up), with the browser's sign-in to the first ticket row in
 * between (bench/browser.ts, with a web build), then the campaign and scheduled-message senders (bench/campaigns.ts,
 * bench/schedules.ts); BENCH_ONLY=server, browser, desktop, campaigns or schedules runs those alone. The
 * request scenarios' server is a process of its own, built and started as the product's (bench/server.ts),
 * so the memory they report is the server's; the later scenarios drive the app in this process. PGlite
 * by default, PostgreSQL with DATABASE_URL (in a database of its own, dropped at the end). Prints the figures and
 * merges them into bench-results.json at the repository root.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { seed } from '../src/server/modules/companies/seed';
import { type Config, loadConfig } from '../src/server/platform/config';
import { runBrowserScenario, webBuilt } from './browser';
import { runCampaignScenario } from './campaigns';
import { type BenchDatabase, markSeeded, openBenchDatabase } from './database';
import { runDesktopScenarios } from './desktop';
import { type BenchResult, formatTable } from './measure';
import { BenchServer, LoadClient } from './remote';
import { runScaleOut } from './scale-out';
import { runScenarios, type ScenarioContext } from './scenarios';
import { runScheduleScenario } from './schedules';
import {
  ADMIN_EMAIL,
  AGENT_EMAIL,
  BENCH_PASSWORD,
  forgetEarlierRuns,
  readBenchData,
  seedBench,
  sizesFor,
} from './seed';

const RESULTS_FILE = fileURLToPath(new URL('../bench-results.json', import.meta.url));

const log = (line: string) => console.log(line);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function scaleFromEnv() {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_SCALE must be a number in (0, 1]');
  return scale;
}

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as { token: string; user: { id: number } };
  return { token: session.token, userId: session.user.id };
}

/** BENCH_ONLY=server, browser, desktop, campaigns, schedules or scale-out runs those scenarios alone. */
type Part = 'server' | 'browser' | 'desktop' | 'campaigns' | 'schedules' | 'scale-out';
const only = process.env.BENCH_ONLY as Part | undefined;
const runs = (part: Part) => only === undefined || only === part;
/** The built web client, served for the browser scenario. */
const WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * This run's results replace the earlier ones of the same database (only those of the same scenarios when
 * the run was partial); the other database's stay.
 */
function saveResults(results: BenchResult[]) {
  const database = results[0]?.database;
  const names = new Set(results.map((r) => r.name));
  const earlier: BenchResult[] = existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResult[])
    : [];
  const replaced = (r: BenchResult) => r.database === database && (only === undefined || names.has(r.name));
  const merged = [...earlier.filter((r) => !replaced(r)), ...results];
  writeFileSync(RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
}

async function main() {
  if (only === 'scale-out') {
    const results = await runScaleOut(log);
    log(formatTable(results));
    if (results.length) saveResults(results);
    return;
  }
  const scale = scaleFromEnv();
  const sizes = sizesFor(scale);
  const db = await openBenchDatabase();
  const results: BenchResult[] = [];
  let client: LoadClient | undefined;
  let close: (() => Promise<void>) | undefined;
  try {
    log(
      `atendo bench on ${db.label}, scale ${scale}, ${os.cpus().length} cores, node ${process.version}, ` +
        `load average ${loadAverage()}`,
    );
    await seed(db.database.db, { email: 'super@atendo.bench' });
    if (db.seeded) {
      // Earlier runs left their inbound conversations and dead rows: forget the former, vacuum as
      // autovacuum would have.
      log("reusing the seeded data (earlier runs' conversations deleted, vacuum analyze first)");
      await forgetEarlierRuns(db);
      await db.exec('vacuum analyze');
    } else {
      log(
        `seeding ${sizes.users} users, ${sizes.queues} queues, ${sizes.contacts} contacts, ${sizes.tickets} tickets, ` +
          `${sizes.messages} + ${sizes.longTicketMessages} messages`,
      );
      await seedBench(db, sizes, log);
      await markSeeded(db);
    }
    const data = await readBenchData(db);

    // The bench's settings over the server's defaults.
    const config = {
      dataDir: db.dataDir,
      webDir: webBuilt(WEB_DIR) ? WEB_DIR : '/nonexistent',
      testChannel: true,
      loginRateLimit: 1000,
      signupRateLimit: 1000,
      // A full-size run on PGlite outlasts the usual 15 minutes of an access token.
      accessTokenTtlSeconds: 6 * 60 * 60,
      // No job runs while measuring: the company auto-close would close the seeded open tickets (idle up
      // to three days) and change what the ticket pages measure.
      jobPollMs: 0,
    } satisfies Partial<Config>;
    const contextFor = async (url: string, exec: BenchDatabase['exec']): Promise<ScenarioContext> => {
      const admin = await signIn(url, ADMIN_EMAIL);
      const agent = await signIn(url, AGENT_EMAIL);
      const agentQueues = await exec(`select queue_id from user_queues where user_id = ${agent.userId}`);
      const queues = await exec(`select id from queues where company_id = ${data.companyId} order by id`);
      client = LoadClient.start(url);
      return {
        client,
        url,
        db: { ...db, exec },
        data,
        admin,
        agent: { token: agent.token, queueIds: agentQueues.map((r) => Number(r.queue_id)) },
        queueIds: queues.map((r) => Number(r.id)),
        scale,
        log,
        report(result) {
          results.push(result);
          const figures = result.unit === 'ms' ? `p50 ${result.p50} ms, p95 ${result.p95} ms` : '';
          log(
            `  ${figures}${figures ? '; ' : ''}${result.value} ${result.unit}${result.met === false ? '  (target missed)' : ''}`,
          );
        },
      };
    };

    if (runs('server')) {
      // The request scenarios measure the server as the product runs it, in a process of its own: its
      // memory is then the server's alone. On PGlite the bench's checks go through it (one process only).
      await db.handOver();
      let server: BenchServer | undefined;
      try {
        server = await BenchServer.start({ open: db.open, config });
        const context = await contextFor(server.url, db.label === 'pglite' ? server.exec : db.exec);
        await runScenarios({ ...context, server });
        const own = process.memoryUsage();
        log(
          `the bench process's own RSS ${(own.rss / 2 ** 20).toFixed(0)} MB ` +
            `(heap ${(own.heapUsed / 2 ** 20).toFixed(0)} MB of ${(own.heapTotal / 2 ** 20).toFixed(0)} MB)`,
        );
      } finally {
        client?.stop();
        client = undefined;
        await server?.stop();
        await db.takeBack();
      }
    }
    // The other scenarios drive the server's own parts (the senders' deps) in this process.
    if ((['browser', 'desktop', 'campaigns', 'schedules'] as const).some(runs)) {
      const built = await buildApp({
        db: db.database.db,
        config: { ...loadConfig({}), ...config },
        logger: false,
      });
      close = () => built.close();
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const context = await contextFor(
        `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`,
        db.exec,
      );
      if (runs('browser')) await runBrowserScenario(context, WEB_DIR);
      if (runs('desktop')) await runDesktopScenarios(context);
      if (runs('campaigns')) await runCampaignScenario(context, built.deps);
      // The server's own poll interval, which this bench's server leaves off and the scenario plays itself.
      if (runs('schedules')) await runScheduleScenario(context, built.deps, loadConfig({}).jobPollMs);
    }
    // Several server processes need PostgreSQL and Redis; they run on a database of their own.
    if (runs('scale-out') && db.label === 'postgresql' && process.env.REDIS_URL)
      results.push(...(await runScaleOut(log)));
  } finally {
    client?.stop();
    await close?.();
    await db.close();
  }
  log(`\nload average at the end ${loadAverage()} (the machine's other work competes for its cores)`);
  log(formatTable(results));
  saveResults(results);
  log(`\nwritten to ${RESULTS_FILE}`);
  const missed = results.filter((r) => r.met === false);
  if (missed.length) log(`${missed.length} target(s) missed`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
