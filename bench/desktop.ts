/**
 * The desktop's scenarios (issue 7): opening the inbox from the offline cache, and catching up with the
 * server after a reconnect. Both run the desktop's own code (src/main/cache, src/shared/sync) under Node;
 * what crosses the ipc bridge is measured as Electron carries it, a structured clone (v8 serialize).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cachedMessagesPage, cachedTicketsPage } from '../src/main/cache/offline-lists';
import { openCacheStore } from '../src/main/cache/store';
import { adminViewer } from '../src/server/test/viewers';
import type { Message } from '../src/shared/api/messages';
import type { SyncPage } from '../src/shared/api/sync';
import type { Ticket, TicketStatus } from '../src/shared/api/tickets';
import { createSyncClient } from '../src/shared/sync';
import { type DatabaseLabel, latencyResult, type Target } from './measure';
import type { ScenarioContext } from './scenarios';

const TARGETS: Record<'inbox' | 'catchUp', Target> = {
  inbox: { on: 'p50', atMost: 300 },
  catchUp: { on: 'p50', atMost: 1000 },
};

/** The cache: 10,000 tickets and 200,000 messages (not scaled: a desktop holds what it holds). */
const CACHED_TICKETS = 10_000;
const MESSAGES_PER_TICKET = 20;
const CHANGES = 1_000;
const MIGRATIONS = path.join(import.meta.dirname, '../src/main/cache/migrations');

/** The seed's mix: 5% open, 5% waiting, the rest closed. */
const statusOf = (i: number): TicketStatus => (i % 20 === 0 ? 'open' : i % 20 === 1 ? 'pending' : 'closed');

function aCachedTicket(id: number, userId: number): Ticket {
  const at = new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
  const status = statusOf(id);
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status,
    companyId: 1,
    contactId: id,
    contact: {
      id,
      name: `Contato ${id}`,
      number: `5511${String(900000000 + id)}`,
      urlPicture: null,
      isGroup: false,
      channel: 'whatsapp',
    },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Loja', channel: 'whatsapp', groupAsTicket: 'disabled' },
    queueId: 1 + (id % 10),
    queue: { id: 1 + (id % 10), name: `Fila ${1 + (id % 10)}`, color: '#2576d2' },
    userId: status === 'pending' ? null : userId,
    user: status === 'pending' ? null : { id: userId, name: 'Atendente' },
    channel: 'whatsapp',
    lastMessage: 'Olá, preciso de ajuda com meu pedido de número 12345, por favor',
    lastMessageAuthor: { kind: 'contact', userId: null, userName: null },
    unreadMessages: id % 7 === 0 ? 2 : 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    amountUsedBotQueues: 0,
    tags: id % 3 === 0 ? [{ id: 1, name: 'VIP', color: '#d32f2f' }] : [],
    userRating: null,
    createdAt: at,
    updatedAt: at,
  };
}

function aCachedMessage(id: number, ticketId: number): Message {
  const at = new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString();
  const fromMe = id % 2 === 0;
  return {
    id,
    wid: `wid-${id}`,
    clientId: null,
    ticketId,
    body: fromMe
      ? 'Bom dia! Vou verificar o seu pedido agora mesmo.'
      : 'Meu pedido ainda não chegou, pode ver?',
    fromMe,
    read: true,
    mediaType: null,
    mediaUrl: null,
    ack: fromMe ? 3 : 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMsg: null,
    contact: fromMe ? null : { id: ticketId, name: `Contato ${ticketId}` },
    user: fromMe ? { id: 1, name: 'Atendente' } : null,
    queue: null,
    participant: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** A cache file holding the sizes, for a user who sees them all. */
function fillCache(file: string, userId: number) {
  const store = openCacheStore(file, MIGRATIONS);
  for (let first = 1; first <= CACHED_TICKETS; first += 1000) {
    const ids = Array.from({ length: 1000 }, (_, i) => first + i);
    store.apply(ids.map((id) => ({ kind: 'ticket' as const, ticket: aCachedTicket(id, userId) })));
    store.apply(
      ids.flatMap((ticketId) =>
        Array.from({ length: MESSAGES_PER_TICKET }, (_, m) => ({
          kind: 'message' as const,
          message: aCachedMessage((ticketId - 1) * MESSAGES_PER_TICKET + m + 1, ticketId),
          ticketUuid: aCachedTicket(ticketId, userId).uuid,
        })),
      ),
    );
  }
  store.close();
}

/** An admin of the bench's company who works in all ten queues. */
const viewer = (userId: number) =>
  adminViewer(
    { id: 1, admin: { id: userId } },
    Array.from({ length: 10 }, (_, i) => i + 1),
  );

/** What crossing the ipc bridge costs: Electron's structured clone, there and back. */
const acrossTheBridge = <T>(value: T): T => deserialize(serialize(value)) as T;

export async function runDesktopScenarios(ctx: ScenarioContext) {
  const context = { database: ctx.db.label as DatabaseLabel, scale: ctx.scale };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-cache-'));
  try {
    ctx.log(
      `filling a desktop cache with ${CACHED_TICKETS} tickets and ${CACHED_TICKETS * MESSAGES_PER_TICKET} messages…`,
    );
    const file = path.join(dir, 'inbox.sqlite');
    fillCache(file, 1);
    const user = viewer(1);
    const queueIds = JSON.stringify(user.queueIds);
    // The inbox as it opens: the database, the open and waiting tabs, the bell and the first chat.
    const openInbox = () => {
      const store = openCacheStore(file, MIGRATIONS);
      try {
        const open = cachedTicketsPage(store, { status: 'open', showAll: 'true', queueIds }, user);
        const pending = cachedTicketsPage(store, { status: 'pending', showAll: 'true', queueIds }, user);
        const bell = cachedTicketsPage(store, { withUnreadMessages: 'true', showAll: 'false' }, user);
        const chat = cachedMessagesPage(store, open.tickets[0]!.uuid);
        return acrossTheBridge({ open, pending, bell, chat });
      } finally {
        store.close();
      }
    };
    ctx.log('open the inbox from the desktop cache…');
    const samples = timed(openInbox, { warmup: 3, iterations: 30 });
    ctx.report(
      latencyResult(
        'open the inbox from the desktop cache (10,000 tickets, 200,000 messages), query and bridge',
        samples,
        TARGETS.inbox,
        context,
      ),
    );

    ctx.log(`catch-up of ${CHANGES} changes into the desktop cache…`);
    const runs: number[] = [];
    for (let run = 0; run < 5; run++)
      runs.push(await catchUpOnce(ctx, path.join(dir, `sync-${run}.sqlite`), run));
    ctx.report(
      latencyResult(
        `catch-up of ${CHANGES} changes (feed pages applied to the cache)`,
        runs,
        TARGETS.catchUp,
        context,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function timed(run: () => unknown, { warmup, iterations }: { warmup: number; iterations: number }) {
  for (let i = 0; i < warmup; i++) run();
  return Array.from({ length: iterations }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
}

/**
 * Half the changes are tickets a colleague touched, half are new messages, all written while the desktop
 * was away; the time is the desktop's: every page of the feed read over HTTP and applied to its cache.
 */
async function catchUpOnce(ctx: ScenarioContext, file: string, run: number) {
  const { companyId } = ctx.data;
  const feed = async (cursor?: string) => {
    const query = cursor ? `?cursor=${cursor}&limit=500` : '';
    const get = () =>
      fetch(`${ctx.url}/api/sync/changes${query}`, {
        headers: { authorization: `Bearer ${ctx.admin.token}` },
      });
    // A kept-alive socket the server closed while the cache was being filled (minutes on PGlite, the
    // event loop busy) fails the first request on it: the request is tried once more.
    const res = await get().catch(get);
    if (!res.ok) throw new Error(`GET /sync/changes answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as SyncPage;
  };
  const store = openCacheStore(file, MIGRATIONS);
  let place: { cursor: string; scope: string } | null = null;
  let applied = 0;
  const sync = createSyncClient({
    fetchPage: feed,
    store: {
      cursor: () => place?.cursor ?? null,
      scope: () => place?.scope ?? null,
      save: (cursor, scope) => {
        place = { cursor, scope };
      },
    },
    apply: (changes) => {
      store.apply(changes);
      applied += changes.length;
    },
    reset: () => store.clearSynced(),
  });
  try {
    await sync.begin();
    const half = CHANGES / 2;
    await ctx.db.exec(`update tickets set last_message = 'catch-up ${run}'
      where id in (select id from tickets where company_id = ${companyId} order by id desc limit ${half})`);
    await ctx.db.exec(`insert into messages (company_id, wid, ticket_id, body, from_me, read)
      select ${companyId}, 'bench-sync-${Date.now()}-' || t.n, t.id, 'Chegou enquanto você estava fora', false, false
      from (select id, row_number() over () as n from tickets where company_id = ${companyId}
        order by id limit ${half}) as t`);
    const started = performance.now();
    await sync.catchUp();
    const elapsed = performance.now() - started;
    if (applied !== CHANGES) ctx.log(`  run ${run}: ${applied} changes applied (expected ${CHANGES})`);
    return elapsed;
  } finally {
    store.close();
  }
}
