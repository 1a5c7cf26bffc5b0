import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CloudApiInput,
  ConnectionDetail,
  connectionBody,
  connectionCreateBody,
  WhatsappEvent,
} from '../../../shared/api/whatsapps';
import { events, rooms } from '../../../shared/realtime';
import { connectChannel } from '../../channels/pipeline';
import { databaseAuthStore } from '../../channels/whatsapp/auth-state';
import type { DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, plans, queues, whatsappQueues, whatsapps } from '../../db/schema';
import { type Actor, actorCan } from '../../http/actor';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { ServerDeps } from '../../http/router';
import type { EventSink } from '../../realtime/event-sink';
import { connectionRows } from './queries';
import { storeSessionStatus } from './session';

type CreateInput = z.output<typeof connectionCreateBody>;
type UpdateInput = Partial<z.output<typeof connectionBody>>;
type WhatsappRow = typeof whatsapps.$inferSelect;

export const listConnections = (db: DbOrTx, actor: Actor) => connectionRows(db, actor.companyId);

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

/** The dialog's view of one connection; the QR code only for those who may connect it. */
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
    sink.emit(rooms.company(companyId), events.whatsapp(companyId), payload);
  }
}

/** 2-administration §5: with more than one queue the bot needs a greeting to offer them. */
function assertGreeting(queueIds: number[], greetingMessage: string | null | undefined) {
  if (queueIds.length > 1 && !greetingMessage?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
}

async function assertOwnQueues(tx: Tx, actor: Actor, queueIds: number[]) {
  if (queueIds.length === 0) return;
  const found = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, actor.companyId), inArray(queues.id, queueIds)));
  if (found.length !== new Set(queueIds).size) throw notFound('ERR_NO_QUEUE_FOUND');
}

async function setQueues(tx: Tx, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) {
    await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ whatsappId, queueId })));
  }
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
 * cannot both pass the limit nor both become the first default.
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

/** Starts the session of a new or retried connection; a driver that fails to start leaves the row as it was. */
export async function startSession(deps: ServerDeps, row: WhatsappRow) {
  if (!deps.channels.supports(row.channel)) return;
  await connectChannel(deps, row).catch((err) =>
    deps.log.error({ err, whatsappId: row.id }, 'starting the connection failed'),
  );
}

/** The first connection of a company is its default; asking for default moves it here. */
export async function createConnection(deps: ServerDeps, actor: Actor, input: CreateInput, sink: EventSink) {
  assertManages(actor);
  const { queueIds = [], cloudApi, ...fields } = input;
  assertGreeting(queueIds, fields.greetingMessage);
  const saved = deps.db.transaction(async (tx) => {
    const { plan, count: existing, hasDefault } = await lockCompanyConnections(tx, actor);
    if (!plan || existing >= plan.limit) throw new AppError('ERR_CONNECTION_LIMIT_REACHED', 403);
    // 2-administration §6: the Cloud API is WhatsApp, under the plan's useWhatsapp.
    if (fields.channel === 'whatsappapi' && !plan.useWhatsapp) throw forbidden();
    await assertOwnQueues(tx, actor, queueIds);
    const isDefault = fields.isDefault === true || !hasDefault;
    const [created] = await tx
      .insert(whatsapps)
      .values({
        ...fields,
        ...(fields.channel === 'whatsappapi' ? cloudApiColumns(cloudApi) : {}),
        isDefault,
        companyId: actor.companyId,
      })
      .returning();
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
    if (queueIds) {
      await assertOwnQueues(tx, actor, queueIds);
      await setQueues(tx, id, queueIds);
    }
    const account = current.channel === 'whatsappapi' ? cloudApiColumns(cloudApi) : {};
    const [updated] = await tx
      .update(whatsapps)
      // drizzle leaves undefined fields out of the update: they stay unchanged; null clears.
      .set({ ...fields, ...account, updatedAt: new Date() })
      .where(ofCompany(actor.companyId, id))
      .returning();
    const others = fields.isDefault ? await unsetOtherDefaults(tx, actor.companyId, id) : [];
    return { changed: others, row: Object.keys(account).length > 0 ? updated : undefined };
  });
  const { changed, row } = await saved.catch(accountInUse);
  await announceRows(deps.db, sink, actor.companyId, [id, ...changed]);
  // A changed Cloud API account: the session starts over with it.
  if (row) await startSession(deps, row);
  return showConnection(deps.db, actor, id);
}

/**
 * Stops the session and removes the connection; its tickets keep their history without it (the
 * foreign key sets null). A deleted default passes to the oldest remaining connection.
 */
export async function deleteConnection(deps: ServerDeps, actor: Actor, id: number, sink: EventSink) {
  assertManages(actor);
  await findRow(deps.db, actor, id);
  await deps.channels.stop(id);
  const promoted = await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(whatsapps)
      .where(ofCompany(actor.companyId, id))
      .returning({ isDefault: whatsapps.isDefault });
    if (!removed) throw notFound('ERR_NO_WAPP_FOUND');
    if (!removed.isDefault) return [];
    const [next] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, actor.companyId))
      .orderBy(asc(whatsapps.id))
      .limit(1)
      .for('update');
    if (!next) return [];
    await tx
      .update(whatsapps)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(whatsapps.id, next.id));
    return [next.id];
  });
  const payload: WhatsappEvent = { action: 'delete', whatsappId: id };
  sink.emit(rooms.company(actor.companyId), events.whatsapp(actor.companyId), payload);
  await announceRows(deps.db, sink, actor.companyId, promoted);
  return { ok: true as const };
}

/** Session actions: the QR, retry, new QR and disconnect buttons (2-administration §2.1). */
async function sessionRow(deps: ServerDeps, actor: Actor, id: number) {
  if (!actorCan(actor, 'connections-page:actionButtons')) throw forbidden();
  const row = await findRow(deps.db, actor, id);
  if (!deps.channels.supports(row.channel)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return row;
}

/** "Try again": the session starts over, resuming its stored login when there is one. */
export async function retrySession(deps: ServerDeps, actor: Actor, id: number) {
  await startSession(deps, await sessionRow(deps, actor, id));
  return { ok: true as const };
}

/** "New QR": the stored login is logged out and forgotten, then the session starts over and shows a QR code. */
export async function newQrSession(deps: ServerDeps, actor: Actor, id: number) {
  const row = await sessionRow(deps, actor, id);
  await forgetLogin(deps, row);
  await startSession(deps, row);
  return { ok: true as const };
}

/** "Disconnect": logged out, the session is DISCONNECTED until a new QR code is scanned. */
export async function disconnectSession(deps: ServerDeps, actor: Actor, id: number) {
  const row = await sessionRow(deps, actor, id);
  await forgetLogin(deps, row);
  await deps.channels.stop(id);
  // Also when no driver of this process ran it: the stored status must not say otherwise.
  await storeSessionStatus(deps, id, 'DISCONNECTED');
  return { ok: true as const };
}

async function forgetLogin(deps: ServerDeps, row: WhatsappRow) {
  const driver = deps.channels.driverOf(row.id);
  if (driver?.logout) await driver.logout();
  else if (row.channel === 'whatsapp') await databaseAuthStore(deps.db, row.id).clear();
}
