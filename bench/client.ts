/**
 * The bench's HTTP and Socket.IO client, run as a child process (see remote.ts) so its work does not
 * share the server's event loop. It answers the tasks the parent sends over IPC.
 */
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { type AppMessageEvent, events } from '../src/shared/realtime';

export interface LatencyTask {
  kind: 'latency';
  /** Requested in turn, one at a time. */
  paths: string[];
  token: string;
  warmup: number;
  iterations: number;
  /** Stops early past this time (slow scenarios on a big PGlite), after at least 10 samples. */
  budgetMs: number;
  /**
   * Untimed requests, one before each timed one in turn: writes (by whoever may make them) that make the
   * next answer a fresh one.
   */
  between?: { method: 'PUT' | 'DELETE'; path: string; token: string }[];
  /**
   * The paths are the pages after `from`, in turn, read as a client scrolls: each sent with the cursor the
   * answer before it handed on, the first after an untimed read of `from` (again at every round).
   */
  scroll?: { from: string };
}

export interface RateTask {
  kind: 'rate';
  /** Requested in turn across the clients. */
  paths: string[];
  token: string;
  concurrency: number;
  seconds: number;
  /**
   * Each client paced: a request every `everyMs` from its own start (staggered), the next at once when an
   * answer comes late; as a person's client, never two at a time. Without it, back to back.
   */
  everyMs?: number;
}

export interface InboundTask {
  kind: 'inbound';
  connectionId: number;
  companyId: number;
  token: string;
  /** New contact numbers, each sending its messages in order. */
  numbers: string[];
  perContact: number;
  /** Every n-th message is delivered twice at once, as channels redeliver. */
  redeliverEvery: number;
  widPrefix: string;
}

export interface SocketLatencyTask {
  kind: 'socketLatency';
  connectionId: number;
  companyId: number;
  token: string;
  numbers: string[];
  perSecond: number;
  seconds: number;
  widPrefix: string;
}

export type Task = LatencyTask | RateTask | InboundTask | SocketLatencyTask;

export interface RateResult {
  requests: number;
  seconds: number;
  latencies: number[];
  /** Each sample's index in the task's paths, in the order of `latencies`. */
  pathIndexes: number[];
}

export interface InboundResult {
  messages: number;
  redelivered: number;
  /** From the first POST to the last message both stored (answered) and received on the socket. */
  elapsedMs: number;
  /** Distinct messages announced on the socket, and announcements of a message already announced. */
  announced: number;
  duplicateEvents: number;
}

export interface SocketLatencyResult {
  sent: number;
  latencies: number[];
  missing: number;
  achievedPerSecond: number;
}

export interface TaskResults {
  latency: number[];
  rate: RateResult;
  inbound: InboundResult;
  socketLatency: SocketLatencyResult;
}

export type Request = { id: number; task: Task };
export type Reply = { id: number; result?: unknown; error?: string };

const base = new URL(process.argv[2] ?? 'http://127.0.0.1:8080');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
): Promise<string> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
          else resolve(text);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The cursor a page's answer hands on for the next, if any. */
const cursorOf = (body: string) => (JSON.parse(body) as { cursor?: string }).cursor;

async function latency(task: LatencyTask) {
  const { paths, token, scroll } = task;
  for (let i = 0; i < task.warmup; i++) await request('GET', paths[i % paths.length]!, token);
  const samples: number[] = [];
  const started = performance.now();
  let cursor: string | undefined;
  for (let i = 0; i < task.iterations; i++) {
    const at = i % paths.length;
    if (scroll && at === 0) cursor = cursorOf(await request('GET', scroll.from, token));
    const write = task.between?.[i % task.between.length];
    if (write) await request(write.method, write.path, write.token);
    const path = cursor ? `${paths[at]}&cursor=${encodeURIComponent(cursor)}` : paths[at]!;
    let body = '';
    samples.push(
      await timed(async () => {
        body = await request('GET', path, token);
      }),
    );
    if (scroll) cursor = cursorOf(body);
    if (samples.length >= 10 && performance.now() - started > task.budgetMs) break;
  }
  return samples;
}

/** Closed loop: `concurrency` clients each sending the next request when the last is answered (or paced). */
async function rate(task: RateTask): Promise<RateResult> {
  const latencies: number[] = [];
  const pathIndexes: number[] = [];
  const started = performance.now();
  const deadline = started + task.seconds * 1000;
  const every = task.everyMs ?? 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: task.concurrency }, async (_, c) => {
      for (let k = 0; ; k++) {
        const at = started + (c / task.concurrency + k) * every;
        if (at >= deadline || performance.now() >= deadline) break;
        const wait = at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const index = next++ % task.paths.length;
        latencies.push(await timed(() => request('GET', task.paths[index]!, task.token)));
        pathIndexes.push(index);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, seconds, latencies, pathIndexes };
}

/** A socket of the admin in the notification room: it hears every new message of the company. */
async function notificationSocket(token: string) {
  const socket = io(base.origin, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await new Promise<void>((resolve) => socket.emit('joinNotification', () => resolve()));
  return socket;
}

function onCreated(socket: Socket, companyId: number, widPrefix: string, heard: (wid: string) => void) {
  socket.on(events.appMessage(companyId), (event: AppMessageEvent) => {
    if (event.action === 'create' && event.message.wid.startsWith(widPrefix)) heard(event.message.wid);
  });
}

function inboundBody(number: string, wid: string, k: number) {
  return {
    from: number,
    id: wid,
    name: `Bench contact ${number.slice(-3)}`,
    body: `mensagem ${k} do pedido`,
  };
}

/** Resolves once `done()` holds, checking every few milliseconds, or after `timeoutMs` (callers count what is missing). */
async function until(done: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function inbound(task: InboundTask): Promise<InboundResult> {
  const socket = await notificationSocket(task.token);
  const announced = new Set<string>();
  let duplicateEvents = 0;
  let lastHeard = 0;
  onCreated(socket, task.companyId, task.widPrefix, (wid) => {
    if (announced.has(wid)) duplicateEvents++;
    announced.add(wid);
    lastHeard = performance.now();
  });
  const path = `/api/test-channel/${task.connectionId}/inbound`;
  let redelivered = 0;
  const started = performance.now();
  await Promise.all(
    task.numbers.map(async (number, c) => {
      for (let k = 0; k < task.perContact; k++) {
        const message = inboundBody(number, `${task.widPrefix}-${c}-${k}`, k);
        const post = request('POST', path, task.token, message);
        if (k % task.redeliverEvery === 0) {
          redelivered++;
          await Promise.all([post, request('POST', path, task.token, message)]);
        } else await post;
      }
    }),
  );
  const answered = performance.now();
  const messages = task.numbers.length * task.perContact;
  await until(() => announced.size >= messages, 30_000);
  await new Promise((r) => setTimeout(r, 200)); // late duplicates, if any, would arrive now
  socket.disconnect();
  return {
    messages,
    redelivered,
    elapsedMs: Math.max(answered, lastHeard) - started,
    announced: announced.size,
    duplicateEvents,
  };
}

/** Open loop: a message every 1/perSecond s, whatever the answers; latency from POST to socket event. */
async function socketLatency(task: SocketLatencyTask): Promise<SocketLatencyResult> {
  const socket = await notificationSocket(task.token);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  onCreated(socket, task.companyId, task.widPrefix, (wid) => {
    const at = sentAt.get(wid);
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const path = `/api/test-channel/${task.connectionId}/inbound`;
  const total = Math.round(task.perSecond * task.seconds);
  const interval = 1000 / task.perSecond;
  const posts: Promise<unknown>[] = [];
  const started = performance.now();
  for (let k = 0; k < total; k++) {
    const wait = started + k * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const number = task.numbers[k % task.numbers.length]!;
    const wid = `${task.widPrefix}-${k}`;
    sentAt.set(wid, performance.now());
    posts.push(request('POST', path, task.token, inboundBody(number, wid, k)));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(posts);
  await until(() => latencies.length >= total, 30_000);
  socket.disconnect();
  return {
    sent: total,
    latencies,
    missing: total - latencies.length,
    achievedPerSecond: total / sendSeconds,
  };
}

function runTask(task: Task): Promise<unknown> {
  switch (task.kind) {
    case 'latency':
      return latency(task);
    case 'rate':
      return rate(task);
    case 'inbound':
      return inbound(task);
    case 'socketLatency':
      return socketLatency(task);
  }
}

process.on('message', (message: Request) => {
  runTask(message.task).then(
    (result) => process.send!({ id: message.id, result } satisfies Reply),
    (err: unknown) => process.send!({ id: message.id, error: String(err) } satisfies Reply),
  );
});
