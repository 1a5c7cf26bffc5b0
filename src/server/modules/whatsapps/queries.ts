import { and, asc, count, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { CompanyConnections, Connection } from '../../../shared/api/whatsapps';
import type { ConnectionStatus } from '../../channels/driver';
import type { Sessions } from '../../channels/sessions';
import { companies, plans, queues, tickets, whatsappQueues, whatsapps } from '../../db/schema';
import type { Db } from '../../platform/database';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';
import { closeTicketRows } from '../tickets/queries';

export type WhatsappRow = typeof whatsapps.$inferSelect;
type ConnectionChange = Partial<Omit<typeof whatsapps.$inferInsert, 'id' | 'companyId' | 'createdAt'>>;

/** The company's connections by name (or the ones asked for), each with its queues by name; never the token. */
export async function connectionRows(db: TenantDb, ids?: number[]): Promise<Connection[]> {
  const rows = await connectionRowsWhere(db, ids && inArray(whatsapps.id, ids), {
    queues: ids && inArray(whatsappQueues.whatsappId, ids),
  });
  return rows.map(withoutCompany);
}

const withoutCompany = ({ companyId: _, ...connection }: Connection & { companyId: number }): Connection =>
  connection;

/**
 * Every company by name with its connections (2-administration §2.4: the super administrator's overview,
 * their route alone): across companies by design, so over the database itself.
 */
export async function companiesWithConnections(db: TenantDb): Promise<CompanyConnections[]> {
  const [list, connections] = await Promise.all([
    db.unscoped
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .orderBy(asc(companies.name), asc(companies.id)),
    connectionRowsWhere(db.unscoped, undefined, {}),
  ]);
  return list.map((company) => ({
    ...company,
    connections: connections.filter((c) => c.companyId === company.id).map(withoutCompany),
  }));
}

/** The connections matching `condition` with their queues (the links `only.queues` picks; all when absent). */
async function connectionRowsWhere(
  db: Pick<Db, 'select'>,
  condition: SQL | undefined,
  only: { queues?: SQL | undefined },
): Promise<(Connection & { companyId: number })[]> {
  const [connections, links] = await Promise.all([
    db
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        name: whatsapps.name,
        channel: whatsapps.channel,
        status: whatsapps.status,
        number: whatsapps.number,
        isDefault: whatsapps.isDefault,
        updatedAt: whatsapps.updatedAt,
        statusImportMessages: whatsapps.statusImportMessages,
      })
      .from(whatsapps)
      .where(condition)
      .orderBy(asc(whatsapps.name), asc(whatsapps.id)),
    db
      .select({
        whatsappId: whatsappQueues.whatsappId,
        id: queues.id,
        name: queues.name,
        color: queues.color,
      })
      .from(whatsappQueues)
      .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(only.queues)
      .orderBy(asc(queues.name)),
  ]);
  return connections.map((connection) => ({
    ...connection,
    updatedAt: connection.updatedAt.toISOString(),
    queues: links
      .filter((link) => link.whatsappId === connection.id)
      .map(({ id, name, color }) => ({ id, name, color })),
  }));
}

/** The company's connection; `lock` holds its row until the transaction ends. */
export async function findConnectionRow(db: TenantDb, id: number, lock = false) {
  const query = db.select().from(whatsapps).where(eq(whatsapps.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Every connection of the company, oldest first. */
export function selectConnectionRows(db: TenantDb) {
  return db.select().from(whatsapps).orderBy(asc(whatsapps.id));
}

/** How many of `ids` are queues of the company. */
export async function countOwnQueues(db: TenantDb, ids: number[]) {
  const found = await db.select({ id: queues.id }).from(queues).where(inArray(queues.id, ids));
  return found.length;
}

/** The queues of a connection of the company (the caller found it). */
export async function connectionQueueIds(db: TenantDb, whatsappId: number) {
  const links = await db
    .select({ id: whatsappQueues.queueId })
    .from(whatsappQueues)
    .where(eq(whatsappQueues.whatsappId, whatsappId));
  return links.map((link) => link.id);
}

export async function replaceConnectionQueues(tx: TenantDb, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) {
    await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ whatsappId, queueId })));
  }
}

/** One default per company: the others lose it. Answers the connections that changed. */
export async function unsetOtherDefaults(tx: TenantDb, keepId: number) {
  const changed = await tx
    .update(whatsapps)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(whatsapps.isDefault, true), ne(whatsapps.id, keepId)))
    .returning({ id: whatsapps.id });
  return changed.map((row) => row.id);
}

/**
 * The plan's connection limit (2-administration §3 Plan.connections) and channel flags, and whether the
 * company has a default, with the company row locked until the transaction ends: two creations at once
 * cannot both pass the limit nor both become the first default (nor a deletion leave the company without
 * one).
 */
export async function lockCompanyConnections(tx: TenantDb) {
  const [plan] = await tx
    .select({
      // The company's own limit, when the super administrator gave it one, over the plan's.
      limit: sql<number>`coalesce(${companies.numberConections}, ${plans.connections})`,
      useWhatsapp: plans.useWhatsapp,
      useFacebook: plans.useFacebook,
      useInstagram: plans.useInstagram,
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  const [existing] = await tx.select({ value: count() }).from(whatsapps);
  const [aDefault] = await tx
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(eq(whatsapps.isDefault, true))
    .limit(1);
  return { plan, count: existing?.value ?? 0, hasDefault: aDefault !== undefined };
}

export function insertConnections(tx: TenantDb, values: TenantInsertValue<typeof whatsapps>[]) {
  return tx.insert(whatsapps).values(values).returning();
}

/**
 * A connection being created in `tx` is this process's to run: its lease is taken in the same transaction
 * (Sessions.reserve). The leases table has no company column: the connection's id, just made in the
 * company's transaction, binds it.
 */
export function reserveSession(tx: TenantDb, sessions: Sessions, connection: WhatsappRow) {
  return sessions.reserve(tx.unscoped, connection);
}

export async function updateConnectionRow(tx: TenantDb, id: number, change: ConnectionChange) {
  const [updated] = await tx
    .update(whatsapps)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(whatsapps.id, id))
    .returning();
  return updated;
}

export async function deleteConnectionRow(tx: TenantDb, id: number) {
  await tx.delete(whatsapps).where(eq(whatsapps.id, id));
}

/**
 * What a driver reports about the connection's session, stored: the QR code only while the status is
 * qrcode; retries counts the starts since the last time it was CONNECTED. Undefined when the connection
 * was deleted meanwhile.
 */
export async function storeStatus(
  db: TenantDb,
  id: number,
  report: { status: ConnectionStatus; qr?: string; number?: string },
) {
  const { status, qr, number } = report;
  const [row] = await db
    .update(whatsapps)
    .set({
      status,
      qrcode: status === 'qrcode' ? (qr ?? '') : '',
      ...(status === 'OPENING' ? { retries: sql`${whatsapps.retries} + 1` } : {}),
      ...(status === 'CONNECTED' ? { retries: 0 } : {}),
      ...(number ? { number } : {}),
      updatedAt: new Date(),
    })
    .where(eq(whatsapps.id, id))
    .returning();
  return row;
}

/** The connection's history import settings. */
export async function importSettingsOf(db: TenantDb, id: number) {
  const [row] = await db
    .select({
      enabled: whatsapps.enableImportMessage,
      from: whatsapps.importOldMessages,
      to: whatsapps.importRecentMessages,
      groups: whatsapps.importOldMessagesGroups,
      closeAfter: whatsapps.closedTicketsPostImported,
    })
    .from(whatsapps)
    .where(eq(whatsapps.id, id));
  return row;
}

/**
 * Closes the tickets the connection's history import made that are still going on and clears the
 * import's state, in one transaction.
 */
export function closeImportedRows(db: TenantDb, whatsappId: number, userId: number | null) {
  return db.transaction(async (tx) => {
    const rows = await closeTicketRows(
      tx,
      and(eq(tickets.whatsappId, whatsappId), isNotNull(tickets.imported), ne(tickets.status, 'closed'))!,
      { type: 'closed', userId },
    );
    await updateConnectionRow(tx, whatsappId, { statusImportMessages: '' });
    return rows;
  });
}

/** Whether one of the company's own connections holds this token (the handle keeps other companies out). */
export async function companyHoldsToken(db: TenantDb, token: string) {
  const [row] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(eq(whatsapps.token, token))
    .limit(1);
  return row !== undefined;
}
