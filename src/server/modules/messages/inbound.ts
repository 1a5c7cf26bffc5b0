import { eq, sql } from 'drizzle-orm';
import type { Ticket } from '../../../shared/api/tickets';
import { isPastDue } from '../../../shared/due-date';
import type { CompanySettings } from '../../../shared/settings';
import type { TicketScope } from '../../../shared/ticket-visibility';
import type { ChannelEvents, ConnectionRef, InboundCall, InboundMessage } from '../../channels/driver';
import { anyOf, insertMany, selectMany } from '../../db/bulk';
import { perDatabase } from '../../db/named';
import { outer } from '../../db/outer';
import { companies, contacts, messages, tickets, whatsappQueues, whatsapps } from '../../db/schema';
import { quietTimers } from '../../jobs/queries';
import type { Db, DbOrTx, Tx } from '../../platform/database';
import type { ServerDeps } from '../../platform/deps';
import { BufferedEvents } from '../../platform/events';
import { type TenantDb, tenantDb } from '../../platform/tenant';
import { withoutNul } from '../../platform/text';
import { mergeIdentities } from '../contacts/merge';
import { companySettingsOf, PLATFORM_COMPANY_ID, readCompanySettings } from '../settings/queries';
import { consentRequired } from '../tickets/consent';
import { recordCreated, startTracking, writeLog } from '../tickets/history-queries';
import { emitAppMessage, emitTicketUpdate, publishMessage } from '../tickets/publish';
import * as tq from '../tickets/queries';
import { walletOf } from '../tickets/wallet';
import { historyImport } from '../whatsapps/history-import';
import { storeSessionStatus } from '../whatsapps/session';
import { forgetDeletedMedia, removeMedia, storeMedia } from './media-store';
import { type MessageRow, raiseAck, raiseAcksUpTo, toMessage, updateMessageByWid } from './queries';

/**
 * The connection with its company's settings and whether it has queues, in one round trip: what masking
 * and the bots need to know for a batch.
 */
const connectionForInbound = perDatabase((db) =>
  db
    .select({
      connection: whatsapps,
      settings: companySettingsOf(outer(whatsapps.companyId)),
      hasQueues: sql<boolean>`exists(select 1 from ${whatsappQueues} where ${whatsappQueues.whatsappId} = ${outer(whatsapps.id)})`,
      dueDate: sql<
        string | null
      >`(select ${companies.dueDate}::text from ${companies} where ${companies.id} = ${outer(whatsapps.companyId)})`,
      timezone: sql<string>`(select ${companies.timezone} from ${companies} where ${companies.id} = ${outer(whatsapps.companyId)})`,
    })
    .from(whatsapps)
    .where(eq(whatsapps.id, sql.placeholder('id')))
    .prepare('atendo_inbound_connection'),
);

async function findConnectionForInbound(db: Db, id: number) {
  const [row] = await connectionForInbound(db).execute({ id });
  if (!row) return undefined;
  const { settings, connection, hasQueues, dueDate, timezone } = row;
  return {
    connection,
    settings,
    hasQueues,
    hideNumbers: settings.lgpdHideNumber === 'enabled',
    // 2-administration §4.2: past its due date a company's channels start no conversation (the platform's
    // own company never expires).
    overdue: connection.companyId !== PLATFORM_COMPANY_ID && isPastDue(dueDate, new Date(), timezone),
  };
}

/** What storing an inbound message gave: undefined when it was ignored or already stored. */
export type Received = { ticketId: number; messageId: number } | undefined;

/** A batch of one connection's messages, stored and announced: what the bots decide from. */
export interface StoredBatch {
  connection: tq.ConnectionRow;
  settings: CompanySettings;
  /** Whether the connection offers queues (the queue menu). */
  hasQueues: boolean;
  /** Each message stored, with its ticket as the batch left it. */
  stored: { message: MessageRow; ticket: Ticket }[];
}

/**
 * What runs after inbound messages are stored: the bots and the answer to calls live in automation/,
 * which app.ts wires in here, so that this module never imports them.
 */
export interface InboundAutomation {
  /** A batch was stored and announced (never an import); handed over without waiting. */
  stored(batch: StoredBatch): void;
  /** A call is being offered; `file` stores a message on the caller's ticket as inbound messages are. */
  call(
    connection: ConnectionRef,
    call: InboundCall,
    file: (message: InboundMessage) => Promise<Received>,
  ): Promise<void>;
}

/** The most messages one transaction stores. */
const MAX_BATCH = 200;

interface Waiting {
  message: InboundMessage;
  resolve(result: Received): void;
  reject(err: unknown): void;
}

/**
 * How a batch keeps its place among the connection's others: `locked` once its conversations are locked
 * (the next batch may start then, and waits there for any conversation they share), and `turn`, what it
 * awaits before announcing (the earlier batch's announcement), so events go out in batch order.
 */
interface BatchTurn {
  locked(): void;
  turn: Promise<void>;
}

/** Batches of one connection stored at once: the next is being stored while one announces itself. */
const MAX_IN_FLIGHT = 2;

/**
 * Group commit for one connection's inbound messages: those that arrive while a batch is being stored
 * wait and go together in the next transaction. A lone message is stored at once; under load one
 * transaction stores many. A batch starts only once the one before holds its conversations' advisory
 * locks, so a contact's messages are stored in arrival order (across processes too), and announces only
 * after the one before has.
 */
class InboundBatcher {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  /** A batch is between its start and its locks: the next one waits. */
  private starting = false;
  private announced: Promise<void> = Promise.resolve();

  constructor(private readonly store: (messages: InboundMessage[], turn: BatchTurn) => Promise<Received[]>) {}

  submit(message: InboundMessage): Promise<Received> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      this.next();
    });
  }

  private next() {
    if (this.starting || this.inFlight >= MAX_IN_FLIGHT || this.waiting.length === 0) return;
    this.starting = true;
    this.inFlight++;
    void this.run().finally(() => {
      this.inFlight--;
      this.next();
    });
  }

  private async run() {
    // One turn of the event loop first: requests already received join this batch. PGlite answers
    // in microtasks, so without it no request would ever be read while a batch is stored.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = this.waiting.splice(0, MAX_BATCH);
    const turn = this.announced;
    let done!: () => void;
    this.announced = new Promise((resolve) => {
      done = resolve;
    });
    let holding = true;
    const locked = () => {
      if (!holding) return;
      holding = false;
      this.starting = false;
      this.next();
    };
    try {
      const results = await this.store(
        batch.map((w) => w.message),
        { locked, turn },
      );
      for (const [i, w] of batch.entries()) w.resolve(results[i]);
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      // A message the batch could not take never costs the others theirs: each alone again.
      else
        for (const w of batch)
          await this.store([w.message], { locked() {}, turn }).then(([r]) => w.resolve(r), w.reject);
    } finally {
      locked();
      done();
    }
  }
}

interface Person {
  number: string;
  name: string;
  isGroup: boolean;
  picture?: string;
}

/** One accepted message with its conversation, its sender and its stored media. */
interface Item {
  message: InboundMessage;
  chat: Person;
  sender: Person;
  mediaUrl: string | null;
}

const chatOf = (message: InboundMessage): Person =>
  message.group
    ? { number: message.group.id, name: message.group.name || message.group.id, isGroup: true }
    : {
        number: message.from,
        name: message.pushName || message.from,
        isGroup: false,
        picture: message.profilePicture,
      };

const senderOf = (message: InboundMessage, chat: Person): Person =>
  message.group && !message.fromMe
    ? { number: message.from, name: message.pushName || message.from, isGroup: false }
    : chat;

/** Step 4: contacts by number, created on first contact (ON CONFLICT: a concurrent creator wins). */
async function findOrCreateContacts(tx: DbOrTx, connection: tq.ConnectionRow, people: Person[]) {
  const { companyId } = connection;
  const byNumbers = (numbers: string[]) =>
    selectMany(
      tx,
      contacts,
      sql`where ${contacts.companyId} = ${companyId} and ${contacts.number} = ${anyOf(numbers)}`,
    );
  const firsts = [...new Map(people.map((p) => [p.number, p])).values()].reverse();
  const found = new Map((await byNumbers(firsts.map((p) => p.number))).map((c) => [c.number, c]));
  const missing = firsts.filter((p) => !found.has(p.number));
  if (missing.length > 0) {
    const created = await tx
      .insert(contacts)
      .values(
        missing.map((p) => ({
          companyId,
          number: p.number,
          name: p.name,
          isGroup: p.isGroup,
          urlPicture: p.picture ?? null,
          channel: connection.channel,
          whatsappId: connection.id,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const c of created) found.set(c.number, c);
    const raced = missing.filter((p) => !found.has(p.number)).map((p) => p.number);
    if (raced.length > 0) for (const c of await byNumbers(raced)) found.set(c.number, c);
  }
  return found;
}

/** A blocked person (groups are never blocked by their members' state). */
const isBlocked = (contact: tq.ContactRow) => !contact.active && !contact.isGroup;

/**
 * A blocked contact's messages are kept (nothing is lost) but open no ticket: they go to the contact's
 * newest ticket on the connection left as it is, or to a closed one made for them. Their tickets are
 * then left untouched, announced to no one and given to no bot (see storeInbound).
 */
async function keepBlockedAside(
  company: TenantDb,
  connection: tq.ConnectionRow,
  blocked: tq.ContactRow[],
  result: Map<number, { ticket: tq.TicketRow; before?: TicketScope }>,
) {
  if (blocked.length === 0) return;
  const ids = blocked.map((c) => c.id);
  for (const ticket of await tq.newestTicketsOf(company, ids, connection.id, [
    ...tq.CONTINUED_STATUSES,
    'closed',
  ])) {
    result.set(ticket.contactId, { ticket, before: ticket });
  }
  const without = blocked.filter((c) => !result.has(c.id));
  if (without.length === 0) return;
  const created = await company
    .insert(tickets)
    .values(
      without.map((contact) => ({
        contactId: contact.id,
        whatsappId: connection.id,
        status: 'closed',
        channel: connection.channel,
        isGroup: false,
        isBot: false,
      })),
    )
    .returning();
  for (const ticket of created) result.set(ticket.contactId, { ticket });
}

/**
 * Step 5, per conversation: the newest ticket going on for the contact on this connection; else, within
 * the connection's timeCreateNewTicket minutes, the last closed one reopened as pending; else a new
 * ticket, waiting for LGPD consent where the company asks for it, else waiting for an attendant; a new or
 * reopened ticket of a contact with a wallet goes to its user and queue. An import never reopens: its new
 * tickets (history, never asked for consent) wait in the import's queue (not the wallet's), marked imported.
 * `setAside`: the contacts whose messages are only kept (an overdue company's new conversations).
 */
async function findOrCreateTickets(
  tx: DbOrTx,
  connection: tq.ConnectionRow,
  settings: CompanySettings,
  allChats: tq.ContactRow[],
  imported: boolean,
  overdue = false,
) {
  let chats = allChats;
  const company = tenantDb(tx, connection.companyId);
  const result = new Map<number, { ticket: tq.TicketRow; before?: TicketScope }>();
  const ids = (list: tq.ContactRow[]) => list.map((c) => c.id);
  await keepBlockedAside(company, connection, chats.filter(isBlocked), result);
  chats = chats.filter((c) => !isBlocked(c));
  for (const ticket of await tq.newestTicketsOf(company, ids(chats), connection.id, tq.CONTINUED_STATUSES)) {
    result.set(ticket.contactId, { ticket, before: ticket });
  }
  let without = chats.filter((c) => !result.has(c.id));
  // An overdue company's going conversations go on; a new one only keeps its messages, like a blocked
  // contact's (nothing lost, no ticket to attend, no bot), until the company pays.
  const setAside = new Set<number>();
  if (overdue && !imported && without.length > 0) {
    await keepBlockedAside(company, connection, without, result);
    for (const contact of without) setAside.add(contact.id);
    without = [];
  }
  if (without.length > 0 && connection.timeCreateNewTicket > 0 && !imported) {
    const windowStart = Date.now() - connection.timeCreateNewTicket * 60_000;
    for (const recent of await tq.newestTicketsOf(company, ids(without), connection.id, ['closed'])) {
      if (recent.updatedAt.getTime() < windowStart) continue;
      const wallet = walletOf(chats.find((c) => c.id === recent.contactId)!, settings);
      const reopened = await tq.updateTicketRow(company, recent.id, {
        status: 'pending',
        userId: wallet?.userId ?? null,
        queueId: wallet?.queueId ?? recent.queueId,
      });
      await writeLog(company, reopened, 'reopen', { queueId: reopened.queueId });
      await startTracking(company, reopened);
      result.set(reopened.contactId, { ticket: reopened, before: recent });
    }
    without = without.filter((c) => !result.has(c.id));
  }
  if (without.length > 0) {
    const created = await tx
      .insert(tickets)
      .values(
        without.map((contact) => ({
          companyId: connection.companyId,
          contactId: contact.id,
          whatsappId: connection.id,
          status:
            !imported && consentRequired(settings, contact)
              ? 'lgpd'
              : contact.isGroup && connection.groupAsTicket !== 'enabled'
                ? 'group'
                : 'pending',
          channel: connection.channel,
          isGroup: contact.isGroup,
          isBot: !contact.isGroup && !imported,
          ...(imported
            ? { imported: new Date(), queueId: connection.queueIdImportMessages }
            : walletOf(contact, settings)),
        })),
      )
      .returning();
    await recordCreated(company, created);
    for (const ticket of created) result.set(ticket.contactId, { ticket });
  }
  return { result, setAside };
}

/**
 * Steps 3–5 for one person written to from our side (the external API): the contact found or created by
 * number and their ticket found, reopened or created, by the rules inbound messages follow. In the
 * caller's transaction (a handle of the connection's company), under the conversation's lock.
 */
export async function findOrCreateConversation(
  tx: TenantDb,
  connection: tq.ConnectionRow,
  settings: CompanySettings,
  person: { number: string; name: string },
) {
  await tq.lockConversations(tx, [person.number]);
  // The pipeline's own statements bind the connection's company themselves.
  const found = await findOrCreateContacts(tx.unscoped, connection, [{ ...person, isGroup: false }]);
  const contact = found.get(person.number)!;
  const { result: conversations } = await findOrCreateTickets(
    tx.unscoped,
    connection,
    settings,
    [contact],
    false,
  );
  const { ticket, before } = conversations.get(contact.id)!;
  return { contact, ticket, before };
}

/** What the inbox shows as a ticket's last message. */
const preview = (message: InboundMessage) => (message.media ? message.media.filename : message.body);

/**
 * Step 6 for the tickets a batch touched: the last stored message, one more unread per received one. An
 * import touches only the tickets it made, read, dated by their last message (history is no news).
 */
async function updateTouchedTickets(
  tx: Tx,
  items: Item[],
  inserted: Map<string, MessageRow>,
  importedTickets: Set<number> | undefined,
) {
  const touched = new Map<number, { lastMessage: string; unread: number; at: Date | null }>();
  for (const item of items) {
    const row = inserted.get(item.message.id);
    if (!row || (importedTickets && !importedTickets.has(row.ticketId))) continue;
    const change = touched.get(row.ticketId) ?? { lastMessage: '', unread: 0, at: null };
    change.lastMessage = preview(item.message);
    if (importedTickets) change.at = item.message.timestamp;
    else if (!item.message.fromMe) change.unread++;
    touched.set(row.ticketId, change);
  }
  if (touched.size === 0) return;
  const changes = [...touched.values()];
  // One parameter per column (unnest), as insertMany does: the batch's hot path.
  await tx.execute(
    sql`update ${tickets} set last_message = c.last_message, unread_messages = ${tickets.unreadMessages} + c.unread, updated_at = coalesce(c.at, now())
      from unnest(${sql.param([...touched.keys()])}::int[], ${sql.param(changes.map((c) => c.lastMessage))}::text[],
        ${sql.param(changes.map((c) => c.unread))}::int[], ${sql.param(changes.map((c) => c.at?.toISOString() ?? null))}::timestamptz[])
        as c(id, last_message, unread, at)
      where ${tickets.id} = c.id`,
  );
}

/**
 * Steps 3–6 for a batch in one transaction: the messages it stored. Those stored before (redeliveries)
 * are left out before any contact or ticket is made for them.
 */
async function storeInTransaction(
  tx: Tx,
  connection: tq.ConnectionRow,
  settings: CompanySettings,
  batch: Item[],
  imported: boolean,
  locked: () => void,
  overdue = false,
) {
  const { companyId } = connection;
  // Step 3.
  await tq.lockConversations(
    tenantDb(tx, companyId),
    batch.map((item) => item.chat.number),
  );
  locked();
  // History is no news: our past messages in it start no inactivity or expiry timer.
  if (imported) await quietTimers(tx);
  // The batch's own channel ids (stored before?) and those it quotes, in one read.
  const wids = [...new Set(batch.flatMap((item) => [item.message.id, item.message.quotedId ?? []].flat()))];
  const known = new Map(
    (
      await selectMany(
        tx,
        messages,
        sql`where ${messages.companyId} = ${companyId} and ${messages.wid} = ${anyOf(wids)}`,
      )
    ).map((m) => [m.wid, m]),
  );
  const items = batch.filter((item) => !known.has(item.message.id));
  if (items.length === 0)
    return {
      inserted: new Map<string, MessageRow>(),
      quotes: known,
      people: new Map(),
      before: new Map(),
      blocked: new Set<number>(),
    };
  const people = await findOrCreateContacts(
    tx,
    connection,
    items.flatMap((item) => [item.chat, item.sender]),
  );
  const chats = [...new Set(items.map((item) => people.get(item.chat.number)!))];
  const { result: conversations, setAside } = await findOrCreateTickets(
    tx,
    connection,
    settings,
    chats,
    imported,
    overdue,
  );
  const blocked = new Set(
    chats.filter((c) => isBlocked(c) || setAside.has(c.id)).map((c) => conversations.get(c.id)!.ticket.id),
  );
  const rows = await insertMany(
    tx,
    messages,
    items.map(({ message, chat, sender, mediaUrl }) => {
      const { ticket } = conversations.get(people.get(chat.number)!.id)!;
      return {
        companyId,
        wid: message.id,
        ticketId: ticket.id,
        contactId: people.get(sender.number)!.id,
        queueId: ticket.queueId,
        body: message.body,
        fromMe: message.fromMe,
        read: message.fromMe || imported,
        mediaType: message.media?.type ?? message.mediaType ?? null,
        mediaUrl,
        quotedMsgId: (message.quotedId && known.get(message.quotedId)?.id) || null,
        participant: message.group ? message.from : null,
        createdAt: message.timestamp,
        updatedAt: message.timestamp,
      };
    }),
    { onConflictDoNothing: true },
  );
  const inserted = new Map(rows.map((row) => [row.wid, row]));
  const importedTickets = imported
    ? new Set([...conversations.values()].filter((c) => c.ticket.imported).map((c) => c.ticket.id))
    : undefined;
  const onTickets = [...inserted.values()].filter((row) => !blocked.has(row.ticketId));
  await updateTouchedTickets(tx, items, new Map(onTickets.map((row) => [row.wid, row])), importedTickets);
  const before = new Map([...conversations.values()].map((c) => [c.ticket.id, c.before]));
  return { inserted, quotes: known, people, before, blocked };
}

/**
 * docs/behaviour.md "Inbound message pipeline" 1–7 for a batch of one connection's messages. Stored once per
 * channel id (the unique index decides), one conversation at a time (advisory locks, across
 * processes), events after commit. The answer says, per message, what was stored. `imported` (the
 * history import, 2-administration §4.1): groups as the import decided, nothing unread, no events and
 * no bots; the import announces itself when it ends.
 */
async function storeInbound(
  deps: ServerDeps,
  automation: InboundAutomation,
  connectionId: number,
  batch: InboundMessage[],
  imported = false,
  order: BatchTurn = { locked() {}, turn: Promise.resolve() },
) {
  const { db, media } = deps;
  const found = await findConnectionForInbound(db, connectionId);
  const nothing = batch.map((): Received => undefined);
  if (!found) return nothing;
  const { connection, settings, hasQueues, hideNumbers, overdue } = found;
  const { companyId } = connection;
  // A channel id repeated within the batch is taken once: the repeat is a redelivery.
  const seen = new Set<string>();
  const accepted = batch.filter((message) => {
    if (message.broadcast || (message.group && !connection.allowGroup && !imported) || seen.has(message.id))
      return false;
    seen.add(message.id);
    return true;
  });
  if (accepted.length === 0) return nothing;
  const items: Item[] = await Promise.all(
    accepted.map(async (message) => {
      const chat = chatOf(message);
      const mediaUrl = message.media ? await storeMedia(media, companyId, message.media) : null;
      return { message, chat, sender: senderOf(message, chat), mediaUrl };
    }),
  );

  let stored: Awaited<ReturnType<typeof storeInTransaction>>;
  try {
    stored = await db.transaction((tx) =>
      storeInTransaction(tx, connection, settings, items, imported, order.locked, overdue),
    );
  } catch (err) {
    await removeMedia(
      media,
      companyId,
      items.map((item) => item.mediaUrl),
    );
    throw err;
  }
  const { inserted, quotes, people, before, blocked } = stored;
  const stale = items.filter((item) => !inserted.has(item.message.id));
  await removeMedia(
    media,
    companyId,
    stale.map((item) => item.mediaUrl),
  );

  if (imported) return answers(batch, accepted, inserted);

  // A blocked contact's messages are only kept: no event, no notification, no bot.
  const announced = [...inserted.values()].filter((row) => !blocked.has(row.ticketId));
  const ticketIds = [...new Set(announced.map((row) => row.ticketId))];
  const loaded = await tq.loadTicketsByIds(tenantDb(db, companyId), ticketIds);
  const ticketById = new Map(loaded.map((t) => [t.id, t]));
  const events = new BufferedEvents();
  for (const item of items) {
    const row = inserted.get(item.message.id);
    if (!row || blocked.has(row.ticketId)) continue;
    const sender = people.get(item.sender.number)!;
    const quoted = item.message.quotedId ? (quotes.get(item.message.quotedId) ?? null) : null;
    const ticket = ticketById.get(row.ticketId)!;
    const joins = { quoted, contact: { id: sender.id, name: sender.name }, user: null, queue: ticket.queue };
    emitAppMessage(events, 'create', toMessage(row, joins), ticket, hideNumbers);
  }
  for (const ticket of loaded)
    emitTicketUpdate(events, ticket, { hideNumbers, before: before.get(ticket.id) });
  await order.turn;
  events.flush(deps.realtime);
  automation.stored({
    connection,
    settings,
    hasQueues,
    stored: announced.map((message) => ({ message, ticket: ticketById.get(message.ticketId)! })),
  });

  return answers(batch, accepted, inserted);
}

/** The first of a repeated channel id answers for it; the repeat, like any message left out, gets nothing. */
function answers(batch: InboundMessage[], accepted: InboundMessage[], inserted: Map<string, MessageRow>) {
  const answering = new Set(accepted);
  return batch.map((message): Received => {
    const row = inserted.get(message.id);
    return row && answering.has(message) ? { ticketId: row.ticketId, messageId: row.id } : undefined;
  });
}

/** Acks, edits and deletes of a stored message (or of several: a watermark): the change, then its announcement. */
async function changeMessage(
  deps: ServerDeps,
  db: TenantDb,
  change: (db: TenantDb) => Promise<{ id: number } | { id: number }[] | undefined>,
) {
  const changed = [(await change(db)) ?? []].flat();
  const events = new BufferedEvents();
  for (const { id } of changed) await publishMessage(db, events, id, 'update');
  events.flush(deps.realtime);
}

/**
 * How a connection's driver reports to this server. Statuses are stored with the QR code and announced
 * to the connections screen (the connections module); the connection's company comes with it, so acks,
 * edits and deletes read no connection row.
 */
export function channelEvents(
  deps: ServerDeps,
  connection: ConnectionRef,
  automation: InboundAutomation,
): ChannelEvents {
  const { id: connectionId, companyId } = connection;
  // Acks, edits and deletes change the connection's company's messages only.
  const data = tenantDb(deps.db, companyId);
  // NUL never costs a message: what the channel sent is stored without it (platform/text.ts).
  const store = (batch: InboundMessage[], imported: boolean, order?: BatchTurn) =>
    storeInbound(deps, automation, connectionId, withoutNul(batch), imported, order);
  const inbound = new InboundBatcher((batch, order) => store(batch, false, order));
  const importer = historyImport(deps, connection, (batch) => store(batch, true));
  return {
    wantsHistory: importer.wanted,
    history: importer.receive,
    status: (status, qr) => storeSessionStatus(deps, connection, status, qr),
    inbound: (message) => inbound.submit(message),
    ack: (wid, ack) => changeMessage(deps, data, (db) => raiseAck(db, wid, ack)),
    ackUpTo: (number, until, ack) =>
      changeMessage(deps, data, (db) => raiseAcksUpTo(db, { whatsappId: connectionId, number }, until, ack)),
    edit: (wid, body) =>
      changeMessage(deps, data, (db) =>
        updateMessageByWid(db, wid, { body: withoutNul(body), isEdited: true }),
      ),
    delete: (wid) =>
      changeMessage(deps, data, async (db) => {
        const deleted = await updateMessageByWid(db, wid, { isDeleted: true });
        if (deleted)
          await forgetDeletedMedia(deps.media, companyId, await readCompanySettings(db), [deleted]);
        return deleted;
      }),
    call: (call) => automation.call(connection, call, (message) => inbound.submit(message)),
    identified: (lid, number) => mergeIdentities(deps, companyId, lid, number),
  };
}
