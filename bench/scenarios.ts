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
import type { LoadClient } from './remote';
import { type BenchData, SEARCH_NAMES, SEARCH_WORDS } from './seed';

/** The targets on this 2-core machine, per database; a missing entry means none is set. */
const TARGETS = {
  ticketPage: { pglite: { on: 'p50', atMost: 6 }, postgresql: { on: 'p50', atMost: 3 } },
  ticketRate: { postgresql: { on: 'value', atLeast: 1000 } },
  messagePage: { pglite: { on: 'p50', atMost: 3 }, postgresql: { on: 'p50', atMost: 3 } },
  nameSearch: { pglite: { on: 'p50', atMost: 20 }, postgresql: { on: 'p50', atMost: 20 } },
  messageSearch: { pglite: { on: 'p50', atMost: 100 }, postgresql: { on: 'p50', atMost: 100 } },
  inbound: { pglite: { on: 'value', atLeast: 500 }, postgresql: { on: 'value', atLeast: 2000 } },
  none: { pglite: { on: 'value', atMost: 0 }, postgresql: { on: 'value', atMost: 0 } },
  /** Figures shown for what they tell, beside the scenarios. */
  informative: {},
  socketLatency: { pglite: { on: 'p99', atMost: 50 }, postgresql: { on: 'p99', atMost: 50 } },
} satisfies Record<string, Partial<Record<DatabaseLabel, Target>>>;

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

export async function runScenarios(ctx: ScenarioContext) {
  const { client, data, admin, agent, scale } = ctx;
  const database = ctx.db.label;
  const context = { database, scale };
  const target = (kind: keyof typeof TARGETS): Target | undefined =>
    (TARGETS[kind] as Partial<Record<DatabaseLabel, Target>>)[database];
  const latency = async (
    name: string,
    kind: keyof typeof TARGETS,
    paths: string[],
    token: string,
    runs: { iterations: number; warmup: number; between?: LatencyTask['between'] } = {
      iterations: 200,
      warmup: 20,
    },
  ) => {
    ctx.log(`${name}…`);
    const samples = await client.run({ kind: 'latency', paths, token, ...runs, budgetMs: 30_000 });
    ctx.report(latencyResult(name, samples, target(kind), context));
  };

  // The inbox's own requests (TicketsManager): the tab's status, showAll, and the user's queues.
  const adminPage = (status: string) =>
    ticketsPath({ status, showAll: true, queueIds: ctx.queueIds, pageNumber: 1 });
  const agentPage = (status: string) =>
    ticketsPath({ status, showAll: false, queueIds: agent.queueIds, pageNumber: 1 });
  await latency('GET /tickets page 1, open, admin', 'ticketPage', [adminPage('open')], admin.token);
  await latency('GET /tickets page 1, pending, admin', 'ticketPage', [adminPage('pending')], admin.token);
  await latency(
    'GET /tickets page 1, open, user with 3 queues',
    'ticketPage',
    [agentPage('open')],
    agent.token,
  );
  await latency(
    'GET /tickets page 1, pending, user with 3 queues',
    'ticketPage',
    [agentPage('pending')],
    agent.token,
  );

  // The same page when the company changed just before each request (a closed ticket tagged and
  // untagged): what it costs when no answer kept in memory is current.
  const [closed] = await ctx.db.exec(
    `select id from tickets where company_id = ${data.companyId} and status = 'closed' limit 1`,
  );
  const [tag] = await ctx.db.exec(`insert into tags (company_id, name, color)
    values (${data.companyId}, 'bench toggle', '#777777')
    on conflict (company_id, name) do update set color = excluded.color returning id`);
  const toggle = `/api/ticket-tags/${closed!.id}/${tag!.id}`;
  await latency(
    'GET /tickets page 1, open, admin, after a change each time',
    'informative',
    [adminPage('open')],
    admin.token,
    {
      iterations: 200,
      warmup: 20,
      between: [
        { method: 'PUT', path: toggle },
        { method: 'DELETE', path: toggle },
      ],
    },
  );

  // The search pane: an admin's search spans all users (showAll) and every status.
  const search = (searchParam: string, searchOnMessages: boolean) =>
    ticketsPath({ showAll: true, queueIds: ctx.queueIds, searchParam, searchOnMessages, pageNumber: 1 });
  const searches = { iterations: 100, warmup: 5 };
  await latency(
    'GET /tickets searchParam (contact name)',
    'nameSearch',
    SEARCH_NAMES.map((name) => search(name, false)),
    admin.token,
    searches,
  );
  await latency(
    'GET /tickets searchParam with searchOnMessages',
    'messageSearch',
    SEARCH_WORDS.map((word) => search(word, true)),
    admin.token,
    searches,
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

  ctx.log('GET /tickets page 1 (open, admin) under 10 concurrent clients for 5 s…');
  const rate = await client.run({
    kind: 'rate',
    path: adminPage('open'),
    token: admin.token,
    concurrency: 10,
    seconds: 5,
  });
  const rateSummary = summarize(rate.latencies);
  ctx.report(
    valueResult(
      'GET /tickets page 1 (open, admin), 10 concurrent clients',
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
}
