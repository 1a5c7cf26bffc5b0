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
import { VALIDATION } from '../../../shared/errors';
import { schedulesOrDefaults } from '../../../shared/schedules';
import type { SessionAction } from '../../channels/commands';
import { isUniqueViolation } from '../../db/errors';
import { type Actor, actorCan } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile, ServerDeps } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { type AuditedContext, auditIn } from '../audit/recorder';
import { findMedia, removeMedia, storeMedia } from '../messages/media-store';
import { greetingMediaOf } from './greeting-media';
import { closeImported } from './history-import';
import * as q from './queries';

type CreateInput = z.output<typeof connectionCreateBody>;
type UpdateInput = Partial<ConnectionFields>;
type WhatsappRow = q.WhatsappRow;

export const listConnections = (ctx: Pick<Context, 'db'>) => q.connectionRows(ctx.db);

/** GET /whatsapp/all: the route is the super user's alone (access 'super'). */
export const listAllConnections = (ctx: Pick<Context, 'db'>) => q.companiesWithConnections(ctx.db);

async function findRow(db: TenantDb, id: number, lock = false) {
  const row = await q.findConnectionRow(db, id, lock);
  if (!row) throw notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** 2-administration §6: admins, and users whose allowConnections is enabled. */
function assertManages(actor: Actor) {
  if (!actorCan(actor, 'connections-page:editOrDeleteConnection')) throw forbidden();
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The dialog's view of one connection; the QR code and the token only for those who may manage it. */
async function detailOf(ctx: Pick<Context, 'db' | 'actor'>, row: WhatsappRow): Promise<ConnectionDetail> {
  const { actor } = ctx;
  const [listed] = await q.connectionRows(ctx.db, [row.id]);
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

/**
 * A Cloud API number is connected once on the whole platform: its webhooks find one connection. A
 * connection token is unique on the whole platform too (the external API finds the connection by it), but
 * whether another company holds one is not the caller's to learn: only a clash within the caller's company
 * is told as such; any other is refused as an unusable token.
 */
function accountInUse(ctx: Context, token: string | null | undefined) {
  return async (err: unknown): Promise<never> => {
    if (isUniqueViolation(err, 'whatsapps_phone_number_id_unique')) {
      throw new AppError('ERR_CHANNEL_ACCOUNT_IN_USE', 409);
    }
    if (isUniqueViolation(err, 'whatsapps_token_unique')) {
      if (token && (await q.companyHoldsToken(ctx.db, token))) {
        throw new AppError('ERR_WAPP_TOKEN_IN_USE', 409);
      }
      throw new AppError(VALIDATION.invalidToken, 400);
    }
    throw err;
  };
}

/** A Cloud API account's columns; an empty token keeps the stored one. */
function cloudApiColumns(cloudApi: CloudApiInput | undefined) {
  if (!cloudApi) return {};
  const { phoneNumberId, wabaId, token } = cloudApi;
  return { phoneNumberId, wabaId, ...(token ? { graphToken: token } : {}) };
}

export async function showConnection(ctx: Pick<Context, 'db' | 'actor'>, id: number) {
  return detailOf(ctx, await findRow(ctx.db, id));
}

/** company-{id}-whatsapp for every connection whose row changed (a default moved, a save). */
export async function announceRows(ctx: Pick<Context, 'db' | 'events'>, ids: number[]) {
  if (ids.length === 0) return;
  for (const whatsapp of await q.connectionRows(ctx.db, ids)) {
    const payload: WhatsappEvent = { action: 'update', whatsapp };
    ctx.events.publish(toCompany('whatsapp', ctx.db.companyId, payload));
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
async function assertOwnQueues(tx: TenantDb, queueIds: number[], fields: UpdateInput) {
  const named = new Set(
    [...queueIds, fields.sendIdQueue, fields.queueIdImportMessages].filter((id): id is number => Boolean(id)),
  );
  if (named.size === 0) return;
  if ((await q.countOwnQueues(tx, [...named])) !== named.size) throw notFound('ERR_NO_QUEUE_FOUND');
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
/** What the audit log shows of a connection: its settings, never its tokens or its session's state. */
function auditedConnection(row: WhatsappRow) {
  const { token: _t, graphToken: _g, qrcode: _q, retries: _r, status: _s, ...rest } = row;
  return rest;
}

export async function createConnection(ctx: AuditedContext, input: CreateInput) {
  const { actor, deps } = ctx;
  assertManages(actor);
  const { queueIds = [], cloudApi, ...fields } = input;
  assertRules(actor, fields, undefined);
  assertGreeting(queueIds, fields.greetingMessage);
  const saved = ctx.db.transaction(async (tx) => {
    const { plan, count: existing, hasDefault } = await q.lockCompanyConnections(tx);
    if (!plan || existing >= plan.limit) throw new AppError('ERR_CONNECTION_LIMIT_REACHED', 403);
    // 2-administration §6: this route creates WhatsApp (Baileys or Cloud API), under the plan's useWhatsapp.
    if (!plan.useWhatsapp) throw forbidden();
    await assertOwnQueues(tx, queueIds, fields);
    const isDefault = fields.isDefault === true || !hasDefault;
    const [created] = await q.insertConnections(tx, [
      {
        ...columnsOf(fields),
        token: fields.token ?? randomConnectionToken(),
        ...(fields.channel === 'whatsappapi' ? cloudApiColumns(cloudApi) : {}),
        isDefault,
      },
    ]);
    await q.reserveSession(tx, deps.sessions, created!);
    await q.replaceConnectionQueues(tx, created!.id, queueIds);
    const others = isDefault ? await q.unsetOtherDefaults(tx, created!.id) : [];
    await auditIn(ctx, tx, {
      action: 'connection.create',
      entity: 'connection',
      entityId: created!.id,
      after: { ...auditedConnection(created!), queueIds },
    });
    return { row: created!, changed: others };
  });
  const { row, changed } = await saved.catch(accountInUse(ctx, fields.token));
  await announceRows(ctx, [row.id, ...changed]);
  await startSession(deps, row);
  return detailOf(ctx, await findRow(ctx.db, row.id));
}

export async function updateConnection(ctx: AuditedContext, id: number, input: UpdateInput) {
  const { actor, deps } = ctx;
  assertManages(actor);
  const { queueIds, cloudApi, ...fields } = input;
  const saved = ctx.db.transaction(async (tx) => {
    const current = await findRow(tx, id, true);
    assertRules(actor, fields, current);
    const queuesBefore = await q.connectionQueueIds(tx, id);
    const linked = queueIds ?? queuesBefore;
    assertGreeting(
      linked,
      fields.greetingMessage === undefined ? current.greetingMessage : fields.greetingMessage,
    );
    // ERR_NO_OTHER_WHATSAPP: the default moves by making another connection default, never by unsetting it.
    if (current.isDefault && fields.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    await assertOwnQueues(tx, queueIds ?? [], fields);
    if (queueIds) await q.replaceConnectionQueues(tx, id, queueIds);
    const account = current.channel === 'whatsappapi' ? cloudApiColumns(cloudApi) : {};
    // drizzle leaves undefined fields out of the update: they stay unchanged; null clears.
    const updated = await q.updateConnectionRow(tx, id, { ...columnsOf(fields), ...account });
    const others = fields.isDefault ? await q.unsetOtherDefaults(tx, id) : [];
    // Tokens show as changed, never as values.
    const tokenChanged = updated!.token !== current.token || updated!.graphToken !== current.graphToken;
    await auditIn(ctx, tx, {
      action: 'connection.update',
      entity: 'connection',
      entityId: id,
      before: { ...auditedConnection(current), queueIds: [...queuesBefore].sort() },
      after: {
        ...auditedConnection(updated!),
        queueIds: [...linked].sort(),
        ...(tokenChanged && { token: 'changed' }),
      },
    });
    return { changed: others, row: Object.keys(account).length > 0 ? updated : undefined };
  });
  const { changed, row } = await saved.catch(accountInUse(ctx, fields.token));
  await announceRows(ctx, [id, ...changed]);
  // A changed Cloud API account: the session starts over with it, on whichever server runs it.
  if (row) {
    await deps.sessions
      .perform(row, 'retry')
      .catch((err) => deps.log.error({ err, whatsappId: id }, 'restarting the connection failed'));
  }
  return showConnection(ctx, id);
}

/**
 * Removes the connection and stops its session; its tickets keep their history without it (the foreign
 * key sets null). ERR_NO_OTHER_WHATSAPP: the default goes only as the last connection; while others
 * remain, another one is made default first.
 */
export async function deleteConnection(ctx: AuditedContext, id: number) {
  const { actor, deps } = ctx;
  assertManages(actor);
  const removed = await ctx.db.transaction(async (tx) => {
    const { count: existing } = await q.lockCompanyConnections(tx);
    const row = await findRow(tx, id, true);
    if (row.isDefault && existing > 1) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    await q.deleteConnectionRow(tx, id);
    await auditIn(ctx, tx, {
      action: 'connection.delete',
      entity: 'connection',
      entityId: id,
      before: auditedConnection(row),
    });
    return row;
  });
  await deps.channels.stop(id);
  await removeMedia(deps.media, actor.companyId, [removed.greetingMediaAttachment]);
  const payload: WhatsappEvent = { action: 'delete', whatsappId: id };
  ctx.events.publish(toCompany('whatsapp', actor.companyId, payload));
  return { ok: true as const };
}

/** Sets (a stored file) or clears (null) the greeting attachment; the file it replaces is removed once the row says so. */
async function replaceGreetingMedia(ctx: Context, id: number, stored: string | null) {
  const { media } = ctx.deps;
  const { companyId } = ctx.actor;
  let before: WhatsappRow;
  try {
    before = await ctx.db.transaction(async (tx) => {
      const found = await findRow(tx, id, true);
      await q.updateConnectionRow(tx, id, { greetingMediaAttachment: stored });
      return found;
    });
  } catch (err) {
    await removeMedia(media, companyId, [stored]);
    throw err;
  }
  await removeMedia(media, companyId, [before.greetingMediaAttachment]);
  await announceRows(ctx, [id]);
  return showConnection(ctx, id);
}

/** POST /whatsapp/:id/media-upload: 2-administration §5, the greeting attachment is an image or a video. */
export async function uploadGreetingMedia(ctx: Context, id: number, files: ReceivedFile[]) {
  assertManages(ctx.actor);
  const file = files.find((f) => f.field === 'file');
  const media = file && greetingMediaOf(file);
  if (!media) throw new AppError('ERR_INVALID_FILE', 400);
  // Checked before the file is written, so a refused caller leaves nothing behind.
  await findRow(ctx.db, id);
  const stored = await storeMedia(ctx.deps.media, ctx.actor.companyId, media);
  return replaceGreetingMedia(ctx, id, stored);
}

export function removeGreetingMedia(ctx: Context, id: number) {
  assertManages(ctx.actor);
  return replaceGreetingMedia(ctx, id, null);
}

/** GET /whatsapp/:id/media: the greeting attachment, to the company's users. */
export async function greetingMediaFile(ctx: Pick<Context, 'db' | 'deps'>, id: number) {
  const row = await findRow(ctx.db, id);
  const found =
    row.greetingMediaAttachment &&
    (await findMedia(ctx.deps.media, row.companyId, row.greetingMediaAttachment));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

/** Session actions: the QR, retry, new QR and disconnect buttons (2-administration §2.1). */
function assertActsOnSessions(actor: Actor) {
  if (!actorCan(actor, 'connections-page:actionButtons')) throw forbidden();
}

async function sessionRow(ctx: Pick<Context, 'db' | 'actor' | 'deps'>, id: number) {
  assertActsOnSessions(ctx.actor);
  const row = await findRow(ctx.db, id);
  if (!ctx.deps.channels.supports(row.channel)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return row;
}

/**
 * The session buttons of 2-administration §2.1: "try again" starts the session over, resuming its stored
 * login; "new QR" logs out, forgets the login and starts over with a QR code; "disconnect" logs out and
 * leaves the session DISCONNECTED until a new QR code is scanned. Run by the server that runs the
 * session, whichever server the request reached.
 */
export async function performSessionAction(
  ctx: Pick<Context, 'db' | 'actor' | 'deps'>,
  id: number,
  action: Exclude<SessionAction, 'pair'>,
) {
  await ctx.deps.sessions.perform(await sessionRow(ctx, id), action);
  return { ok: true as const };
}

/**
 * Linking by phone number (status PAIRING): the session starts when it is not running, and the code to
 * type on the phone is answered once WhatsApp offers a login, by the server that runs the session.
 */
export async function requestPairingCode(
  ctx: Pick<Context, 'db' | 'actor' | 'deps'>,
  id: number,
  number: string,
) {
  const row = await sessionRow(ctx, id);
  if (row.status === 'CONNECTED') throw new AppError('ERR_WAPP_ALREADY_CONNECTED', 400);
  const code = await ctx.deps.sessions.perform(row, 'pair', number);
  if (!code) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return { code };
}

/**
 * POST /whatsapp-restart: every connection of the company starts again, resuming its login, on whichever
 * server runs it. One that cannot be restarted now is logged and left; the others still are.
 */
export async function restartConnections(ctx: Pick<Context, 'db' | 'actor' | 'deps'>) {
  const { deps } = ctx;
  assertActsOnSessions(ctx.actor);
  const rows = await q.selectConnectionRows(ctx.db);
  for (const row of rows) {
    if (!deps.channels.supports(row.channel)) continue;
    await deps.sessions
      .perform(row, 'retry')
      .catch((err) => deps.log.warn({ err, whatsappId: row.id }, 'restarting a connection failed'));
  }
  return { ok: true as const };
}

/** POST /closedimported/:id (2-administration §4.1): the "close imported tickets" button. */
export async function closeImportedTickets(ctx: Context, id: number) {
  assertActsOnSessions(ctx.actor);
  await findRow(ctx.db, id);
  const closed = await closeImported(ctx, id, ctx.actor.userId);
  await announceRows(ctx, [id]);
  return { closed };
}
