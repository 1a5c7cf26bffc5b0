/**
 * The scale-out scenario (BENCH_ONLY=scale-out, or at the end of a PostgreSQL run when REDIS_URL is set):
 * real server processes on one PostgreSQL database of the bench's own and one Redis. Inbound throughput
 * with 1, 2 and 3 servers, each running its own test connections (the load spread over them), with each
 * server's CPU; the latency from an inbound message stored by one server to the socket of another at
 * 200 msg/s; and the extra latency of a reply posted to a server that does not run the connection.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { dropDatabase } from '../src/server/db/drop-database';
import { type ServerProcess, TestCluster } from '../src/server/test/cluster';
import type { TestDatabase } from '../src/server/test/database';
import { aCompany } from '../src/server/test/server';
import { events } from '../src/shared/realtime';
import { type BenchResult, latencyResult, summarize, valueResult } from './measure';

const CONNECTIONS_PER_SERVER = 2;
const SENDERS_PER_SERVER = 8;
const THROUGHPUT_SECONDS = 8;
const context = { database: 'postgresql' as const, scale: 1 };

/** The process's CPU seconds so far (user + system), from /proc. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function benchDatabase(url: string): Promise<TestDatabase> {
  const name = `atendo_bench_scaleout_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  await database.migrate();
  const opened: TestDatabase = {
    ...database,
    url: target.toString(),
    share: async () => opened,
    async close() {
      await database.close();
      await dropDatabase(admin, name);
      await admin.end();
    },
  };
  return opened;
}

let sequence = 0;
const inbound = (server: ServerProcess, connectionId: number, body: string) =>
  server.call('POST', `/api/test-channel/${connectionId}/inbound`, {
    body: { from: `55119${String(sequence++ % 50_000).padStart(8, '0')}`, body },
  });

/** Messages/s stored by `servers`, each fed by its own senders for THROUGHPUT_SECONDS, and each one's CPU. */
async function throughput(servers: ServerProcess[], connections: Map<ServerProcess, number[]>) {
  const until = Date.now() + THROUGHPUT_SECONDS * 1000;
  const before = servers.map((s) => cpuSeconds(s.pid));
  const started = Date.now();
  let stored = 0;
  await Promise.all(
    servers.flatMap((server) =>
      Array.from({ length: SENDERS_PER_SERVER }, async (_, i) => {
        const own = connections.get(server)!;
        while (Date.now() < until) {
          const res = await inbound(server, own[i % own.length]!, 'throughput');
          if (res.status === 200) stored++;
        }
      }),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  const cpu = servers.map((s, i) => Math.round(((cpuSeconds(s.pid) - before[i]!) / seconds) * 100));
  return { rate: stored / seconds, cpu };
}

export async function runScaleOut(log: (line: string) => void): Promise<BenchResult[]> {
  const url = process.env.DATABASE_URL;
  if (!url || !process.env.REDIS_URL) {
    log('scale-out: needs DATABASE_URL and REDIS_URL; skipped');
    return [];
  }
  const results: BenchResult[] = [];
  const cluster = new TestCluster(await benchDatabase(url));
  try {
    const servers = await Promise.all(['s1', 's2', 's3'].map((name) => cluster.start(name)));
    const company = await aCompany(cluster);
    const connections = new Map<ServerProcess, number[]>();
    for (const server of servers) {
      const own: number[] = [];
      for (let i = 0; i < CONNECTIONS_PER_SERVER; i++) {
        const res = await server.call<{ id: number }>('POST', '/api/test-channel/connections', {
          token: company.admin.token,
          body: { name: `${server.name}-${i}` },
        });
        own.push(res.body.id);
      }
      connections.set(server, own);
    }

    log('scale-out: inbound throughput with 1, 2 and 3 server processes');
    const rates: number[] = [];
    for (const count of [1, 2, 3]) {
      const { rate, cpu } = await throughput(servers.slice(0, count), connections);
      rates.push(rate);
      log(
        `  ${count} server(s): ${rate.toFixed(0)} msg/s; CPU per server ${cpu.map((c) => `${c}%`).join(', ')}`,
      );
      results.push(
        valueResult(`scale-out: inbound with ${count} server process(es)`, 'msg/s', rate, undefined, {
          ...context,
          samples: Math.round(rate * THROUGHPUT_SECONDS),
        }),
      );
    }
    log(
      `  speed-up: 2 servers ${(rates[1]! / rates[0]!).toFixed(2)}×, 3 servers ${(rates[2]! / rates[0]!).toFixed(2)}× ` +
        '(the senders share the same cores: on 2 cores the machine, not the servers, is the limit)',
    );

    const [first, second] = servers as [ServerProcess, ServerProcess];
    // The same company's event on a socket of the storing server and on one of another: their difference
    // is the relay (Redis and the other server), the rest is storing and the storing server's own delivery.
    const sockets = {
      local: await first.socket(company.admin.token),
      remote: await second.socket(company.admin.token),
    };
    interface Hops {
      sent: number;
      acked?: number;
      local?: number;
      remote?: number;
    }
    let hops = new Map<string, Hops>();
    for (const side of ['local', 'remote'] as const) {
      sockets[side].on(events.ticket(company.id), (payload: { ticket?: { lastMessage?: string } }) => {
        const seen = hops.get(payload.ticket?.lastMessage ?? '');
        if (seen && seen[side] === undefined) seen[side] = performance.now();
      });
    }
    // Probes of the bare hops at the same moments: a Redis message to ourselves and a PostgreSQL round trip.
    const probe = new Redis(process.env.REDIS_URL);
    const listener = probe.duplicate();
    const probeChannel = `${cluster.prefix}:bench-probe`;
    const probeSent = new Map<string, number>();
    const redisTrips: number[] = [];
    await listener.subscribe(probeChannel);
    listener.on('message', (_channel: string, id: string) => {
      const at = probeSent.get(id);
      if (at !== undefined) redisTrips.push(performance.now() - at);
    });
    const databaseTrips: number[] = [];
    const firstConnection = connections.get(first)![0]!;
    const ms = (values: number[]) => {
      const { p50, p99 } = summarize(values);
      return `p50 ${p50.toFixed(1)} p99 ${p99.toFixed(1)}`;
    };
    /** Inbound messages to server 1 at `perSecond` for `count` messages; latencies seen on server 2's socket. */
    const crossServer = async (perSecond: number, count: number) => {
      hops = new Map();
      redisTrips.length = 0;
      databaseTrips.length = 0;
      const pending: Promise<unknown>[] = [];
      for (let i = 0; i < count; i++) {
        const body = `latency-${perSecond}-${i}`;
        const entry: Hops = { sent: performance.now() };
        hops.set(body, entry);
        pending.push(
          inbound(first, firstConnection, body).then(() => {
            entry.acked = performance.now();
          }),
        );
        probeSent.set(body, performance.now());
        void probe.publish(probeChannel, body);
        const started = performance.now();
        pending.push(
          cluster.database.db
            .execute(sql`select 1`)
            .then(() => databaseTrips.push(performance.now() - started)),
        );
        await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
      }
      await Promise.all(pending);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const all = [...hops.values()];
      const seen = all.filter(
        (h): h is Required<Hops> => h.remote !== undefined && h.local !== undefined && h.acked !== undefined,
      );
      const latencies = all.flatMap((h) => (h.remote === undefined ? [] : [h.remote - h.sent]));
      log(
        `  ${perSecond} msg/s (load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}): ${latencies.length} of ${count} seen; ${JSON.stringify(summarize(latencies))}`,
      );
      log(
        `    per hop (ms): stored and answered ${ms(seen.map((h) => h.acked - h.sent))}; on the storing server's socket ${ms(seen.map((h) => h.local - h.sent))}; ` +
          `relay to the other server's socket ${ms(seen.map((h) => h.remote - h.local))}; bare Redis message ${ms(redisTrips)}; bare PostgreSQL round trip ${ms(databaseTrips)}`,
      );
      return latencies;
    };
    log('scale-out: inbound on server 1 to a socket on server 2');
    const target = { on: 'p99' as const, atMost: 50 };
    results.push(
      latencyResult(
        'scale-out: inbound to a socket of another server at 200 msg/s',
        await crossServer(200, 1000),
        target,
        context,
      ),
    );
    // At a rate one server stores without a backlog, what remains is the relay's own latency.
    results.push(
      latencyResult(
        'scale-out: inbound to a socket of another server at 20 msg/s',
        await crossServer(20, 200),
        undefined,
        context,
      ),
    );
    log('scale-out: a reply posted to the server running the connection, and to another');
    const ticket = await inbound(first, firstConnection, 'reply-here');
    const ticketId = (ticket.body as { ticketId: number }).ticketId;
    /** Each reply's request, its arrival at the holder's driver (the test driver's record) and its answer. */
    const timeSends = async (server: ServerProcess) => {
      const samples: number[] = [];
      const times = new Map<string, { started: number; answered: number }>();
      for (let i = 0; i < 200; i++) {
        const body = `reply ${server.name} ${i}`;
        const started = performance.now();
        const wall = Date.now();
        await server.call('POST', `/api/messages/${ticketId}`, {
          token: company.admin.token,
          body: { body },
        });
        samples.push(performance.now() - started);
        times.set(body, { started: wall, answered: Date.now() });
      }
      const sent = await first.call<{ body: string; at: string }[]>(
        'GET',
        `/api/test-channel/${firstConnection}/sent`,
      );
      const toDriver: number[] = [];
      const back: number[] = [];
      for (const record of sent.body) {
        const time = times.get(record.body);
        if (!time) continue;
        toDriver.push(Date.parse(record.at) - time.started);
        back.push(time.answered - Date.parse(record.at));
      }
      log(
        `  through ${server.name}: request to the holder's driver ${ms(toDriver)} ms; driver to the answer ${ms(back)} ms`,
      );
      return summarize(samples);
    };
    const local = await timeSends(first);
    const remote = await timeSends(second);
    // The bare hops the hand-over adds, measured alone right after.
    redisTrips.length = 0;
    databaseTrips.length = 0;
    for (let i = 0; i < 200; i++) {
      probeSent.set(`trip-${i}`, performance.now());
      await probe.publish(probeChannel, `trip-${i}`);
      const started = performance.now();
      await cluster.database.db.execute(sql`select 1`);
      databaseTrips.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    listener.disconnect();
    probe.disconnect();
    log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; bare Redis message ${ms(redisTrips)} ms; bare PostgreSQL round trip ${ms(databaseTrips)} ms`,
    );
    log(
      `  on the holder p50 ${local.p50.toFixed(1)} ms p99 ${local.p99.toFixed(1)} ms; on another p50 ${remote.p50.toFixed(1)} ms p99 ${remote.p99.toFixed(1)} ms`,
    );
    results.push(
      valueResult(
        'scale-out: extra p99 of a reply sent through another server',
        'ms',
        remote.p99 - local.p99,
        {
          on: 'value',
          atMost: 50,
        },
        { ...context, samples: 200, p50: remote.p50 - local.p50 },
      ),
    );
  } finally {
    await cluster.stop();
    await cluster.database.close();
  }
  return results;
}
