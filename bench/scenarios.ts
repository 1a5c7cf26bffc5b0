import type { LatencyTask } from './client';
import type { BenchDatabase } from './database';
import {
  type BenchResult,
  type DatabaseLabel,
  latencyResult,
  summarize,
  type Target,
  valueResult,
} from './measure';
import type { BenchServer, LoadClient } from './remote';
import { type BenchData, commonWordSearchTerms, nameSearchTerms, referenceSearchTerms } from './seed';

/** The issue's targets on this 2-core machine, per database; a missing entry means none is set. */
const TARGETS = {
  ticketPage: { pglite: { on: 'p50', atMost: 6 }, postgresql: { on: 'p50', atMost: 3 } },
  ticketRate: { postgresql: { on: 'value', atLeast: 1000 } },
  messagePage: { pglite: { on: 'p50', atMost: 3 }, postgresql: { on: 'p50', atMost: 3 } },
  olderChatPage: { pglite: { on: 'p50', atMost: 5 }, postgresql: { on: 'p50', atMost: 3 } },
  nameSearch: {
    pglite: { on: 'p50', atMost: 15, p95AtMost: 45 },
    postgresql: { on: 'p50', atMost: 10, p95AtMost: 30 },
  },
  messageSearch: {
    pglite: { on: 'p50', atMost: 50, p95AtMost: 150 },
    postgresql: { on: 'p50', atMost: 30, p95AtMost: 100 },
  },
  deepPage: { pglite: { on: 'p50', atMost: 8 }, postgresql: { on: 'p50', atMost: 5 } },
  mixed: { pglite: { on: 'p95', atMost: 40 }, postgresql: { on: 'p95', atMost: 20 } },
  rss: { pglite: { on: 'value', atMost: 400 }, postgresql: { on: 'value', atMost: 250 } },
  inbound: { pglite: { on: 'value', atLeast: 500 }, postgresql: { on: 'value', atLeast: 2000 } },
  none: { pglite: { on: 'value', atMost: 0 }, postgresql: { on: 'value', atMost: 0 } },
  /** Figures shown for what they tell, beside the issue's scenarios (cached repeats among them). */
  informative: {},
  dashboard30: { pglite: { on: 'p50', atMost: 300 }, postgresql: { on: 'p50', atMost: 150 } },
  dashboard365: { pglite: { on: 'p50', atMost: 600 }, postgresql: { on: 'p50', atMost: 600 } },
  reportPage: { pglite: { on: 'p50', atMost: 50 }, postgresql: { on: 'p50', atMost: 50 } },
  reportExport: { pglite: { on: 'value', atMost: 15_000 }, postgresql: { on: 'value', atMost: 15_000 } },
  moments: { pglite: { on: 'p50', atMost: 30 }, postgresql: { on: 'p50', atMost: 30 } },
  reportExportRss: { pglite: { on: 'value', atMost: 100 }, postgresql: { on: 'value', atMost: 100 } },
  socketLatency: { pglite: { on: 'p99', atMost: 50 }, postgresql: { on: 'p99', atMost: 50 } },
} satisfies Record<string, Partial<Record<DatabaseLabel, Target>>>;

/** How long the server is left idle before its last RSS reading. */
const IDLE_MS = 20_000;

export interface ScenarioContext {
  client: LoadClient;
  /** The server under test. */
  url: string;
  db: BenchDatabase;
  data: BenchData;
  admin: { token: string };
  /** The agent: a profile `user` with 3 of the 10 queues. */
  agent: { token: string; queueIds: number[] };
  queueIds: number[];
  scale: number;
  log(line: string): void;
  /** Each result as soon as it is measured. */
  report(result: BenchResult): void;
}

const ticketsPath = (query: Record<string, string | number | boolean | number[]>) =>
  `/api/tickets?${new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : String(v)]),
  )}`;

/** New contact numbers for this run (13 digits): the pipeline creates their contacts and tickets. */
function newNumbers(area: string, count: number) {
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  return Array.from({ length: count }, (_, c) => `55${area}${run}${String(c).padStart(3, '0')}`);
}

const quoted = (items: string[]) => items.map((s) => `'${s}'`).join(',');

export async function runScenarios(ctx: ScenarioContext & { server: BenchServer }) {
  const { client, data, admin, agent, scale } = ctx;
  const database = ctx.db.label;
  const context = { database, scale };
  const target = (kind: keyof typeof TARGETS): Target | undefined =>
    (TARGETS[kind] as Partial<Record<DatabaseLabel, Target>>)[database];
  // BENCH_SCENARIOS=deepPage,olderChatPage: only the request scenarios of those kinds, nothing after them.
  const selected = process.env.BENCH_SCENARIOS?.split(',');
  const wanted = (kind: keyof typeof TARGETS) => !selected || selected.includes(kind);
  const latency = async (
    name: string,
    kind: keyof typeof TARGETS,
    paths: string[],
    token: string,
    runs: Pick<LatencyTask, 'iterations' | 'warmup' | 'between' | 'scroll'> = {
      iterations: 200,
      warmup: 20,
    },
  ) => {
    if (!wanted(kind)) return;
    ctx.log(`${name}…`);
    const samples = await client.run({ kind: 'latency', paths, token, ...runs, budgetMs: 30_000 });
    ctx.report(latencyResult(name, samples, target(kind), context));
  };

  // A closed ticket tagged and untagged between two timed requests: the company's data version moves, so
  // no answer kept in memory (the ticket-list cache) is current and every timed request is computed afresh.
  const [closed] = await ctx.db.exec(
    `select id from tickets where company_id = ${data.companyId} and status = 'closed' limit 1`,
  );
  const [tag] = await ctx.db.exec(`insert into tags (company_id, name, color)
    values (${data.companyId}, 'bench toggle', '#777777')
    on conflict (company_id, name) do update set color = excluded.color returning id`);
  const toggle = `/api/ticket-tags/${closed!.id}/${tag!.id}`;
  const afterAChange: Pick<LatencyTask, 'between'> = {
    between: [
      { method: 'PUT', path: toggle, token: admin.token },
      { method: 'DELETE', path: toggle, token: admin.token },
    ],
  };
  const uncached = { iterations: 200, warmup: 20, ...afterAChange };

  // The inbox's own requests (TicketsManager): the tab's status, showAll, and the user's queues.
  const page = (status: string, pageNumber = 1) =>
    ticketsPath({ status, showAll: true, queueIds: ctx.queueIds, pageNumber });
  const agentPage = (status: string) =>
    ticketsPath({ status, showAll: false, queueIds: agent.queueIds, pageNumber: 1 });
  await latency('GET /tickets page 1, open, admin', 'ticketPage', [page('open')], admin.token, uncached);
  await latency(
    'GET /tickets page 1, pending, admin',
    'ticketPage',
    [page('pending')],
    admin.token,
    uncached,
  );
  await latency(
    'GET /tickets page 1, open, user with 3 queues',
    'ticketPage',
    [agentPage('open')],
    agent.token,
    uncached,
  );
  await latency(
    'GET /tickets page 1, pending, user with 3 queues',
    'ticketPage',
    [agentPage('pending')],
    agent.token,
    uncached,
  );
  // The same page asked again with nothing changed: served from memory, shown for what the cache saves.
  await latency(
    'GET /tickets page 1, open, admin, cached repeat',
    'informative',
    [page('open')],
    admin.token,
  );

  // Scrolling the resolved tab: pages 2 to 100, in turn, each with the cursor of the one before (as the
  // client asks for them).
  await latency(
    'GET /tickets closed pages 2–100, admin',
    'deepPage',
    Array.from({ length: 99 }, (_, i) => page('closed', i + 2)),
    admin.token,
    { iterations: 99, warmup: 5, ...afterAChange, scroll: { from: page('closed') } },
  );

  // The search pane: an admin's search spans all users (showAll) and every status. Every term distinct.
  const search = (searchParam: string, searchOnMessages: boolean) =>
    ticketsPath({ showAll: true, queueIds: ctx.queueIds, searchParam, searchOnMessages, pageNumber: 1 });
  const names = nameSearchTerms(110, Math.round(20_000 * scale));
  await latency(
    'GET /tickets searchParam, distinct names, surnames and numbers',
    'nameSearch',
    names.map((term) => search(term, false)),
    admin.token,
    { iterations: 100, warmup: 10, ...afterAChange },
  );
  const references = referenceSearchTerms(110);
  await latency(
    'GET /tickets searchOnMessages, distinct rare references',
    'messageSearch',
    references.map((term) => search(term, true)),
    admin.token,
    { iterations: 100, warmup: 10, ...afterAChange },
  );
  const common = commonWordSearchTerms();
  await latency(
    'GET /tickets searchOnMessages, the common words',
    'messageSearch',
    common.map((term) => search(term, true)),
    admin.token,
    { iterations: common.length, warmup: 3, ...afterAChange },
  );
  await latency(
    'GET /tickets searchOnMessages, a common word, cached repeat',
    'informative',
    [search(common[0]!, true)],
    admin.token,
    { iterations: 50, warmup: 5 },
  );

  await latency(
    'GET /messages page 1, random tickets',
    'messagePage',
    data.randomTicketUuids.map((uuid) => `/api/messages/${uuid}?pageNumber=1`),
    admin.token,
  );
  await latency(
    'GET /messages page 1, ticket with 5,000 messages',
    'messagePage',
    [`/api/messages/${data.longTicketUuid}?pageNumber=1`],
    admin.token,
  );
  await latency(
    'GET /messages older pages 2–250, ticket with 5,000 messages',
    'olderChatPage',
    Array.from({ length: 249 }, (_, i) => `/api/messages/${data.longTicketUuid}?pageNumber=${i + 2}`),
    admin.token,
    { iterations: 249, warmup: 10, scroll: { from: `/api/messages/${data.longTicketUuid}?pageNumber=1` } },
  );

  // The dashboard keeps nothing in memory: every request is computed. Each one asks a different period
  // (the window ending on a different day), so none repeats another's work in the database's caches either.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const dashboards = (span: number, count: number) =>
    Array.from(
      { length: count },
      (_, i) => `/api/dashboard?date_from=${day(i + span - 1)}&date_to=${day(i)}`,
    );
  await latency('GET /dashboard, 30-day periods', 'dashboard30', dashboards(30, 40), admin.token, {
    iterations: 40,
    warmup: 3,
  });
  await latency('GET /dashboard, 365-day periods', 'dashboard365', dashboards(365, 20), admin.token, {
    iterations: 20,
    warmup: 2,
  });
  await latency(
    'GET /ticketreport/reports, pages 1–100 of 10',
    'reportPage',
    Array.from(
      { length: 100 },
      (_, i) => `/api/ticketreport/reports?dateFrom=${day(90)}&dateTo=${day(0)}&page=${i + 1}&pageSize=10`,
    ),
    admin.token,
    { iterations: 100, warmup: 5 },
  );
  await latency('GET /dashboard/moments', 'moments', ['/api/dashboard/moments'], admin.token, {
    iterations: 100,
    warmup: 10,
    ...afterAChange,
  });
  if (selected) return;
  ctx.log('GET /ticketreport/reports/export, every ticket…');
  // The server's RSS before and after the export tells what streaming kept.
  const rssBefore = ctx.server.rss();
  const exported = await client.run({
    kind: 'latency',
    paths: ['/api/ticketreport/reports/export'],
    token: admin.token,
    iterations: 1,
    warmup: 0,
    budgetMs: 120_000,
  });
  ctx.report(
    valueResult(
      `GET /ticketreport/reports/export, ${Math.round(100_000 * scale)} rows streamed`,
      'ms',
      exported[0] ?? Number.NaN,
      target('reportExport'),
      { ...context, samples: 1 },
    ),
  );
  ctx.report(
    valueResult(
      'server RSS growth during the export',
      'MB',
      (ctx.server.rss() - rssBefore) / 2 ** 20,
      target('reportExportRss'),
      { ...context, samples: 1 },
    ),
  );

  ctx.log('GET /tickets page 1 (open, admin) under 10 concurrent clients for 5 s…');
  const rate = await client.run({
    kind: 'rate',
    paths: [page('open')],
    token: admin.token,
    concurrency: 10,
    seconds: 5,
  });
  const rateSummary = summarize(rate.latencies);
  ctx.report(
    valueResult(
      'GET /tickets page 1 (open, admin), 10 concurrent clients (mostly cached repeats)',
      'req/s',
      rate.requests / rate.seconds,
      target('ticketRate'),
      { ...context, samples: rate.requests, p50: rateSummary.p50, p95: rateSummary.p95 },
    ),
  );

  // Inbound: 50 new contacts at once, each sending in order, a tenth of the messages delivered twice.
  // A warm-up round of the same size from 50 other new contacts first, as the pages have theirs: on a
  // fresh process the first round runs at about two thirds of the speed of the next ones while V8
  // compiles the pipeline (the machine's two cores are shared with the compiler threads).
  const inboundRound = (numbers: string[], perContact: number) =>
    client.run({
      kind: 'inbound',
      connectionId: data.connectionId,
      companyId: data.companyId,
      token: admin.token,
      numbers,
      perContact,
      redeliverEvery: 10,
      widPrefix: `bench-in-${numbers[0]}`,
    });
  ctx.log('inbound pipeline, 50 concurrent contacts (after a warm-up round of 3,000 messages)…');
  await inboundRound(newNumbers('22', 50), 60);
  const numbers = newNumbers('21', 50);
  const widPrefix = `bench-in-${numbers[0]}`;
  const inbound = await inboundRound(numbers, 120);
  ctx.report(
    valueResult(
      'inbound pipeline throughput, 50 concurrent contacts',
      'msg/s',
      inbound.messages / (inbound.elapsedMs / 1000),
      target('inbound'),
      { ...context, samples: inbound.messages },
    ),
  );
  const [stored] = await ctx.db.exec(`select count(*)::int as all, count(distinct wid)::int as distinct
    from messages where company_id = ${data.companyId} and wid like '${widPrefix}-%'`);
  const [people] =
    await ctx.db.exec(`select count(distinct c.id)::int as contacts, count(t.id)::int as tickets
    from contacts c left join tickets t on t.contact_id = c.id
    where c.company_id = ${data.companyId} and c.number in (${quoted(numbers)})`);
  const storedCount = Number(stored!.all);
  const duplicates =
    storedCount -
    Number(stored!.distinct) +
    (Number(people!.contacts) - numbers.length) +
    (Number(people!.tickets) - numbers.length) +
    inbound.duplicateEvents;
  ctx.log(
    `  ${inbound.messages} messages (+${inbound.redelivered} redelivered): stored ${storedCount}, announced ${inbound.announced}, ` +
      `${people!.contacts} contacts, ${people!.tickets} tickets, ${inbound.duplicateEvents} repeated announcements`,
  );
  ctx.report(
    valueResult(
      'inbound duplicates (messages, contacts, tickets, events)',
      'count',
      duplicates,
      target('none'),
      {
        ...context,
        samples: inbound.messages,
      },
    ),
  );

  ctx.log('inbound-to-socket latency at 200 msg/s for 10 s…');
  const socket = await client.run({
    kind: 'socketLatency',
    connectionId: data.connectionId,
    companyId: data.companyId,
    token: admin.token,
    numbers: newNumbers('31', 50),
    perSecond: 200,
    seconds: 10,
    widPrefix: `bench-live-${numbers[0]}`,
  });
  ctx.log(
    `  sent ${socket.sent} at ${socket.achievedPerSecond.toFixed(0)} msg/s, ${socket.missing} not heard`,
  );
  ctx.report(
    latencyResult(
      'inbound-to-socket latency at 200 msg/s',
      socket.latencies,
      target('socketLatency'),
      context,
    ),
  );
  ctx.report(
    valueResult(
      'inbound messages lost (not stored or not announced)',
      'count',
      inbound.messages - storedCount + (inbound.messages - inbound.announced) + socket.missing,
      target('none'),
      { ...context, samples: inbound.messages + socket.sent },
    ),
  );

  // Mixed: 10 attendants reading ticket pages and searching (distinct terms) while the pipeline takes
  // 200 inbound messages a second; every message moves the company's version, so pages are computed afresh.
  // Paced: each attendant's client asks every 500 ms (20 requests a second in all), several times what a
  // person switching tabs, scrolling and searching asks, never two at a time. Back to back (the next request
  // as soon as the last is answered) the latency is only 10 / throughput (Little's law): that run measures
  // the throughput, informative.
  const mixedPaths = names.flatMap((term, i) => [
    page(i % 2 ? 'open' : 'pending'),
    agentPage(i % 2 ? 'pending' : 'open'),
    search(term, false),
    search(references[i]!, true),
  ]);
  const isPage = (index: number) => index % 4 < 2;
  const mixedRun = async (pacing: { everyMs?: number }, wid: string) => {
    const [mixed, live] = await Promise.all([
      client.run({
        kind: 'rate',
        paths: mixedPaths,
        token: admin.token,
        concurrency: 10,
        seconds: 10,
        ...pacing,
      }),
      client.run({
        kind: 'socketLatency',
        connectionId: data.connectionId,
        companyId: data.companyId,
        token: admin.token,
        numbers: newNumbers(wid, 50),
        perSecond: 200,
        seconds: 10,
        widPrefix: `bench-mixed-${wid}-${numbers[0]}`,
      }),
    ]);
    ctx.log(`  ${mixed.requests} reads; sent ${live.sent} at ${live.achievedPerSecond.toFixed(0)} msg/s`);
    const of = (pages: boolean) => mixed.latencies.filter((_, k) => isPage(mixed.pathIndexes[k]!) === pages);
    return { mixed, pages: of(true), searches: of(false) };
  };
  ctx.log('mixed: 10 clients, a request each every 500 ms, while 200 msg/s arrive, for 10 s…');
  const paced = await mixedRun({ everyMs: 500 }, '41');
  ctx.report(
    latencyResult(
      'mixed: ticket pages, 10 clients each every 500 ms, while 200 msg/s arrive',
      paced.pages,
      target('mixed'),
      context,
    ),
  );
  ctx.report(
    latencyResult('mixed: searches (names, references), same run', paced.searches, undefined, context),
  );
  ctx.log('mixed: 10 clients back to back while 200 msg/s arrive, for 10 s…');
  const saturated = await mixedRun({}, '42');
  const all = summarize(saturated.mixed.latencies);
  ctx.report(
    valueResult(
      'mixed: pages and searches, 10 clients back to back (saturation, informative)',
      'req/s',
      saturated.mixed.requests / saturated.mixed.seconds,
      undefined,
      { ...context, samples: saturated.mixed.requests, p50: all.p50, p95: all.p95 },
    ),
  );

  // The server process's resident set (the app with PGlite in it, or with its pool to PostgreSQL), and
  // what it holds: the heap it keeps after a full collection, buffers outside it, PGlite's memory.
  const memory = await ctx.server.memory();
  const mb = (bytes: number) => bytes / 2 ** 20;
  ctx.report(
    valueResult('server RSS after the bench', 'MB', mb(memory.rss), target('rss'), {
      ...context,
      samples: 1,
    }),
  );
  const parts: [string, number][] = [
    ['server V8 heap used after a full collection', memory.heapUsed],
    ['server V8 heap reserved (total)', memory.heapTotal],
    ['server external memory (array buffers among it)', memory.external],
    ['server PGlite WebAssembly memory', memory.databaseEngine],
    ['server RSS file-backed (code, mapped files)', memory.rssFile],
  ];
  ctx.log(
    `  V8 heap spaces, MB resident (used): ${memory.spaces
      .map((s) => `${s.name} ${mb(s.size).toFixed(1)} (${mb(s.used).toFixed(1)})`)
      .join(', ')}`,
  );
  for (const [name, bytes] of parts)
    ctx.report(valueResult(name, 'MB', mb(bytes), target('informative'), { ...context, samples: 1 }));
  // V8's memory reducer shrinks the heap some seconds after the allocation rate falls, as on an idle server.
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  ctx.report(
    valueResult(
      `server RSS after ${IDLE_MS / 1000} s idle`,
      'MB',
      mb(ctx.server.rss()),
      target('informative'),
      {
        ...context,
        samples: 1,
      },
    ),
  );
}
