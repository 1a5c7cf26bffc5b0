import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type {
  CloudApiInput,
  ConnectionDetail,
  ConnectionFields,
  connectionCreateBody,
  WhatsappEvent,
} from '../../../shared/api/whatsapps';
import {
  type ConnectionRuleValues,
  connectionRules,
  randomConnectionToken,
} from '../../../shared/connection-rules';
import { schedulesOrDefaults } from '../../../shared/schedules';
import type { SessionAction } from '../../channels/commands';
import { isUniqueViolation } from '../../db/errors';
import { companies, plans, queues, whatsappQueues, whatsapps } from '../../db/schema';
import { type Actor, actorCan } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/database';
import type { ReceivedFile, ServerDeps } from '../../platform/deps';
import { type EventSink, toCompany } from '../../platform/events';
import { findMedia, removeMedia, storeMedia } from '../messages/media-store';
import { greetingMediaOf } from './greeting-media';
import { closeImported } from './history-import';
import { companiesWithConnections, connectionRows } from './queries';

type CreateInput = z.output<typeof connectionCreateBody>;
type UpdateInput = Partial<ConnectionFields>;
type WhatsappRow = typeof whatsapps.$inferSelect;

export const listConnections = (db: DbOrTx, actor: Actor) => connectionRows(db, actor.companyId);

/** GET /whatsapp/all: the route is the super user's alone (access 'super'). */
export const listAllConnections = (db: DbOrTx) => companiesWithConnections(db);

const ofCompany = (companyId: number, id: number) =>
  and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId));

async function findRow(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const query = db.select().from(whatsapps).where(ofCompany(actor.companyId, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** 2-administration §6: admins, and users whose allowConnections is enabled. */
function assertManages(actor: Actor) {
  if (!actorCan(actor, 'connections-page:editOrDeleteConnection')) throw forbidden();
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The dialog's view of one connection; the QR code and the token only for those who may manage it. */
async function detailOf(db: DbOrTx, actor: Actor, row: WhatsappRow): Promise<ConnectionDetail> {
  const [listed] = await connectionRows(db, actor.companyId, [row.id]);
  return {
    ...listed!,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    allowGroup: row.allowGroup,
    groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    timeCreateNewTicket: row.timeCreateNewTicket,
    maxUseBotQueues: row.maxUseBotQueues,
    timeUseBotQueues: row.timeUseBotQueues,
    token: actorCan(actor, 'connections-page:editOrDeleteConnection') ? row.token : null,
    provider: row.provider,
    expiresTicket: row.expiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    whenExpiresTicket: row.whenExpiresTicket === '1' ? '1' : '0',
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
    timeSendQueue: row.timeSendQueue,
    sendIdQueue: row.sendIdQueue,
    expiresTicketNPS: row.expiresTicketNPS,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNPS,
    greetingMediaAttachment: row.greetingMediaAttachment,
    collectiveVacationStart: iso(row.collectiveVacationStart),
    collectiveVacationEnd: iso(row.collectiveVacationEnd),
    collectiveVacationMessage: row.collectiveVacationMessage,
    enableImportMessage: row.enableImportMessage,
    importOldMessages: iso(row.importOldMessages),
    importRecentMessages: iso(row.importRecentMessages),
    importOldMessagesGroups: row.importOldMessagesGroups,
    closedTicketsPostImported: row.closedTicketsPostImported,
    queueIdImportMessages: row.queueIdImportMessages,
    integrationId: row.integrationId,
    promptId: row.promptId,
    flowIdWelcome: row.flowIdWelcome,
    flowIdNotPhrase: row.flowIdNotPhrase,
    schedules: schedulesOrDefaults(row.schedules),
    qrcode: actorCan(actor, 'connections-page:actionButtons') ? row.qrcode : '',
    retries: row.retries,
    cloudApi:
      row.channel === 'whatsappapi'
        ? { phoneNumberId: row.phoneNumberId ?? '', wabaId: row.wabaId ?? '' }
        : null,
  };
}

/** A Cloud API number is connected once on the whole platform: its webhooks find one connection. */
function accountInUse(err: unknown): never {
  if (isUniqueViolation(err, 'whatsapps_phone_number_id_unique')) {
    throw new AppError('ERR_CHANNEL_ACCOUNT_IN_USE', 409);
  }
  if (isUniqueViolation(err, 'whatsapps_token_unique')) throw new AppError('ERR_WAPP_TOKEN_IN_USE', 409);
  throw err;
}

/** A Cloud API account's columns; an empty token keeps the stored one. */
function cloudApiColumns(cloudApi: CloudApiInput | undefined) {
  if (!cloudApi) return {};
  const { phoneNumberId, wabaId, token } = cloudApi;
  return { phoneNumberId, wabaId, ...(token ? { graphToken: token } : {}) };
}

export async function showConnection(db: DbOrTx, actor: Actor, id: number) {
  return detailOf(db, actor, await findRow(db, actor, id));
}

/** company-{id}-whatsapp for every connection whose row changed (a default moved, a save). */
export async function announceRows(db: DbOrTx, sink: EventSink, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  for (const whatsapp of await connectionRows(db, companyId, ids)) {
    const payload: WhatsappEvent = { action: 'update', whatsapp };
    sink.publish(toCompany('whatsapp', companyId, payload));
  }
}

/** What the rules of connection-rules.ts read, from a stored row (or the column defaults for a new one). */
function ruleValuesOf(row: WhatsappRow | undefined): ConnectionRuleValues {
  return {
    ratingMessage: row?.ratingMessage ?? null,
    expiresTicketNPS: row?.expiresTicketNPS ?? 0,
    timeSendQueue: row?.timeSendQueue ?? 0,
    sendIdQueue: row?.sendIdQueue ?? null,
    timeInactiveMessage: row?.timeInactiveMessage ?? 0,
    expiresTicket: row?.expiresTicket ?? 0,
    enableImportMessage: row?.enableImportMessage ?? false,
    importOldMessages: iso(row?.importOldMessages ?? null),
    importRecentMessages: iso(row?.importRecentMessages ?? null),
    queueIdImportMessages: row?.queueIdImportMessages ?? null,
    collectiveVacationMessage: row?.collectiveVacationMessage ?? null,
    collectiveVacationStart: iso(row?.collectiveVacationStart ?? null),
    collectiveVacationEnd: iso(row?.collectiveVacationEnd ?? null),
  };
}

const RULE_FIELDS = Object.keys(ruleValuesOf(undefined)) as (keyof ConnectionRuleValues)[];

/**
 * 2-administration §5 on the connection as it will be stored: what the request changes over what is
 * stored. A broken rule answers 400 with the spec's message, as every validation does.
 */
function assertRules(actor: Actor, fields: UpdateInput, current: WhatsappRow | undefined) {
  const stored = ruleValuesOf(current);
  const changed = Object.fromEntries(
    RULE_FIELDS.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]),
  );
  const rules = connectionRules({
    userRating: actor.settings.userRating === 'enabled',
    now: new Date(),
    stored: current && stored,
  });
  z.custom<ConnectionRuleValues>()
    .superRefine(rules)
    .parse({ ...stored, ...changed });
}

/** 2-administration §5: with more than one queue the bot needs a greeting to offer them. */
function assertGreeting(queueIds: number[], greetingMessage: string | null | undefined) {
  if (queueIds.length > 1 && !greetingMessage?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
}

/** The queues a save names (its queues, the redirect's and the import's) must be the company's. */
async function assertOwnQueues(tx: Tx, actor: Actor, queueIds: number[], fields: UpdateInput) {
  const named = new Set(
    [...queueIds, fields.sendIdQueue, fields.queueIdImportMessages].filter((id): id is number => Boolean(id)),
  );
  if (named.size === 0) return;
  const found = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, actor.companyId), inArray(queues.id, [...named])));
  if (found.length !== named.size) throw notFound('ERR_NO_QUEUE_FOUND');
}

async function setQueues(tx: Tx, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) {
    await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ whatsappId, queueId })));
  }
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** The contract's fields as columns: dates from their ISO text. */
function columnsOf<F extends UpdateInput>(fields: F) {
  return {
    ...fields,
    collectiveVacationStart: date(fields.collectiveVacationStart),
    collectiveVacationEnd: date(fields.collectiveVacationEnd),
    importOldMessages: date(fields.importOldMessages),
    importRecentMessages: date(fields.importRecentMessages),
  };
}

/** One default per company: the others lose it. Answers the connections that changed. */
async function unsetOtherDefaults(tx: Tx, companyId: number, keepId: number) {
  const changed = await tx
    .update(whatsapps)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, keepId)))
    .returning({ id: whatsapps.id });
  return changed.map((row) => row.id);
}

/**
 * The plan's connection limit (2-administration §3 Plan.connections) and channel flags, and whether the
 * company has a default, with the company row locked until the transaction ends: two creations at once
 * cannot both pass the limit nor both become the first default (nor a deletion leave the company without
 * one).
 */
export async function lockCompanyConnections(tx: Tx, actor: Actor) {
  const [plan] = await tx
    .select({
      limit: plans.connections,
      useWhatsapp: plans.useWhatsapp,
      useFacebook: plans.useFacebook,
      useInstagram: plans.useInstagram,
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, actor.companyId))
    .for('update', { of: companies });
  const [existing] = await tx
    .select({ value: count() })
    .from(whatsapps)
    .where(eq(whatsapps.companyId, actor.companyId));
  const [aDefault] = await tx
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, actor.companyId), eq(whatsapps.isDefault, true)))
    .limit(1);
  return { plan, count: existing?.value ?? 0, hasDefault: aDefault !== undefined };
}

/** Starts the session of a new connection here; a driver that fails to start leaves the row as it was. */
export async function startSession(deps: ServerDeps, row: WhatsappRow) {
  if (!deps.channels.supports(row.channel)) return;
  await deps.sessions
    .connect(row)
    .catch((err) => deps.log.error({ err, whatsappId: row.id }, 'starting the connection failed'));
}

/**
 * The first connection of a company is its default; asking for default moves it here. A connection
 * without a token gets one (2-administration §9).
 */
export async function createConnection(deps: ServerDeps, actor: Actor, input: CreateInput, sink: EventSink) {
  assertManages(actor);
  const { queueIds = [], cloudApi, ...fields } = input;
  assertRules(actor, fields, undefined);
  assertGreeting(queueIds, fields.greetingMessage);
  const saved = deps.db.transaction(async (tx) => {
    const { plan, count: existing, hasDefault } = await lockCompanyConnections(tx, actor);
    if (!plan || existing >= plan.limit) throw new AppError('ERR_CONNECTION_LIMIT_REACHED', 403);
    // 2-administration §6: this route creates WhatsApp (Baileys or Cloud API), under the plan's useWhatsapp.
    if (!plan.useWhatsapp) throw forbidden();
    await assertOwnQueues(tx, actor, queueIds, fields);
    const isDefault = fields.isDefault === true || !hasDefault;
    const [created] = await tx
      .insert(whatsapps)
      .values({
        ...columnsOf(fields),
        token: fields.token ?? randomConnectionToken(),
        ...(fields.channel === 'whatsappapi' ? cloudApiColumns(cloudApi) : {}),
        isDefault,
        companyId: actor.companyId,
      })
      .returning();
    await deps.sessions.reserve(tx, created!);
    await setQueues(tx, created!.id, queueIds);
    const others = isDefault ? await unsetOtherDefaults(tx, actor.companyId, created!.id) : [];
    return { row: created!, changed: others };
  });
  const { row, changed } = await saved.catch(accountInUse);
  await announceRows(deps.db, sink, actor.companyId, [row.id, ...changed]);
  await startSession(deps, row);
  return detailOf(deps.db, actor, await findRow(deps.db, actor, row.id));
}

export async function updateConnection(
  deps: ServerDeps,
  actor: Actor,
  id: number,
  input: UpdateInput,
  sink: EventSink,
) {
  assertManages(actor);
  const { queueIds, cloudApi, ...fields } = input;
  const saved = deps.db.transaction(async (tx) => {
    const current = await findRow(tx, actor, id, true);
    assertRules(actor, fields, current);
    const linked =
      queueIds ??
      (
        await tx
          .select({ id: whatsappQueues.queueId })
          .from(whatsappQueues)
          .where(eq(whatsappQueues.whatsappId, id))
      ).map((link) => link.id);
    assertGreeting(
      linked,
      fields.greetingMessage === undefined ? current.greetingMessage : fields.greetingMessage,
    );
    // ERR_NO_OTHER_WHATSAPP: the default moves by making another connection default, never by unsetting it.
    if (current.isDefault && fields.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    await assertOwnQueues(tx, actor, queueIds ?? [], fields);
    if (queueIds) await setQueues(tx, id, queueIds);
    const account = current.channel === 'whatsappapi' ? cloudApiColumns(cloudApi) : {};
    const [updated] = await tx
      .update(whatsapps)
      // drizzle leaves undefined fields out of the update: they stay unchanged; null clears.
      .set({ ...columnsOf(fields), ...account, updatedAt: new Date() })
      .where(ofCompany(actor.companyId, id))
      .returning();
    const others = fields.isDefault ? await unsetOtherDefaults(tx, actor.companyId, id) : [];
    return { changed: others, row: Object.keys(account).length > 0 ? updated : undefined };
  });
  const { changed, row } = await saved.catch(accountInUse);
  await announceRows(deps.db, sink, actor.companyId, [id, ...changed]);
  // A changed Cloud API account: the session starts over with it, on whichever server runs it.
  if (row) {
    await deps.sessions
      .perform(row, 'retry')
      .catch((err) => deps.log.error({ err, whatsappId: id }, 'restarting the connection failed'));
  }
  return showConnection(deps.db, actor, id);
}

/**
 * Removes the connection and stops its session; its tickets keep their history without it (the foreign
 * key sets null). ERR_NO_OTHER_WHATSAPP: the default goes only as the last connection; while others
 * remain, another one is made default first.
 */
export async function deleteConnection(deps: ServerDeps, actor: Actor, id: number, sink: EventSink) {
  assertManages(actor);
  const removed = await deps.db.transaction(async (tx) => {
    const { count: existing } = await lockCompanyConnections(tx, actor);
    const row = await findRow(tx, actor, id, true);
    if (row.isDefault && existing > 1) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    await tx.delete(whatsapps).where(ofCompany(actor.companyId, id));
    return row;
  });
  await deps.channels.stop(id);
  await removeMedia(deps.config.dataDir, actor.companyId, [removed.greetingMediaAttachment]);
  const payload: WhatsappEvent = { action: 'delete', whatsappId: id };
  sink.publish(toCompany('whatsapp', actor.companyId, payload));
  return { ok: true as const };
}

/** Sets (a stored file) or clears (null) the greeting attachment; the file it replaces is removed once the row says so. */
async function replaceGreetingMedia(
  deps: ServerDeps,
  actor: Actor,
  id: number,
  stored: string | null,
  sink: EventSink,
) {
  const { dataDir } = deps.config;
  let before: WhatsappRow;
  try {
    before = await deps.db.transaction(async (tx) => {
      const found = await findRow(tx, actor, id, true);
      await tx
        .update(whatsapps)
        .set({ greetingMediaAttachment: stored, updatedAt: new Date() })
        .where(eq(whatsapps.id, id));
      return found;
    });
  } catch (err) {
    await removeMedia(dataDir, actor.companyId, [stored]);
    throw err;
  }
  await removeMedia(dataDir, actor.companyId, [before.greetingMediaAttachment]);
  await announceRows(deps.db, sink, actor.companyId, [id]);
  return showConnection(deps.db, actor, id);
}

/** POST /whatsapp/:id/media-upload: 2-administration §5, the greeting attachment is an image or a video. */
export async function uploadGreetingMedia(
  deps: ServerDeps,
  actor: Actor,
  id: number,
  files: ReceivedFile[],
  sink: EventSink,
) {
  assertManages(actor);
  const file = files.find((f) => f.field === 'file');
  const media = file && greetingMediaOf(file);
  if (!media) throw new AppError('ERR_INVALID_FILE', 400);
  // Checked before the file is written, so a refused caller leaves nothing behind.
  await findRow(deps.db, actor, id);
  const stored = await storeMedia(deps.config.dataDir, actor.companyId, media);
  return replaceGreetingMedia(deps, actor, id, stored, sink);
}

export function removeGreetingMedia(deps: ServerDeps, actor: Actor, id: number, sink: EventSink) {
  assertManages(actor);
  return replaceGreetingMedia(deps, actor, id, null, sink);
}

/** GET /whatsapp/:id/media: the greeting attachment, to the company's users. */
export async function greetingMediaFile(deps: ServerDeps, actor: Actor, id: number) {
  const row = await findRow(deps.db, actor, id);
  const found =
    row.greetingMediaAttachment &&
    (await findMedia(deps.config.dataDir, row.companyId, row.greetingMediaAttachment));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

/** Session actions: the QR, retry, new QR and disconnect buttons (2-administration §2.1). */
function assertActsOnSessions(actor: Actor) {
  if (!actorCan(actor, 'connections-page:actionButtons')) throw forbidden();
}

async function sessionRow(deps: ServerDeps, actor: Actor, id: number) {
  assertActsOnSessions(actor);
  const row = await findRow(deps.db, actor, id);
  if (!deps.channels.supports(row.channel)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return row;
}

/**
 * The session buttons of 2-administration §2.1: "try again" starts the session over, resuming its stored
 * login; "new QR" logs out, forgets the login and starts over with a QR code; "disconnect" logs out and
 * leaves the session DISCONNECTED until a new QR code is scanned. Run by the server that runs the
 * session, whichever server the request reached.
 */
export async function performSessionAction(
  deps: ServerDeps,
  actor: Actor,
  id: number,
  action: Exclude<SessionAction, 'pair'>,
) {
  await deps.sessions.perform(await sessionRow(deps, actor, id), action);
  return { ok: true as const };
}

/**
 * Linking by phone number (status PAIRING): the session starts when it is not running, and the code to
 * type on the phone is answered once WhatsApp offers a login, by the server that runs the session.
 */
export async function requestPairingCode(deps: ServerDeps, actor: Actor, id: number, number: string) {
  const row = await sessionRow(deps, actor, id);
  if (row.status === 'CONNECTED') throw new AppError('ERR_WAPP_ALREADY_CONNECTED', 400);
  const code = await deps.sessions.perform(row, 'pair', number);
  if (!code) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return { code };
}

/**
 * POST /whatsapp-restart: every connection of the company starts again, resuming its login, on whichever
 * server runs it. One that cannot be restarted now is logged and left; the others still are.
 */
export async function restartConnections(deps: ServerDeps, actor: Actor) {
  assertActsOnSessions(actor);
  const rows = await deps.db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.companyId, actor.companyId))
    .orderBy(asc(whatsapps.id));
  for (const row of rows) {
    if (!deps.channels.supports(row.channel)) continue;
    await deps.sessions
      .perform(row, 'retry')
      .catch((err) => deps.log.warn({ err, whatsappId: row.id }, 'restarting a connection failed'));
  }
  return { ok: true as const };
}

/** POST /closedimported/:id (2-administration §4.1): the "close imported tickets" button. */
export async function closeImportedTickets(deps: ServerDeps, actor: Actor, id: number, sink: EventSink) {
  assertActsOnSessions(actor);
  await findRow(deps.db, actor, id);
  const closed = await closeImported(deps.db, actor.companyId, id, actor.userId, sink);
  await announceRows(deps.db, sink, actor.companyId, [id]);
  return { closed };
}
