import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Schedule } from '../../../shared/api/scheduled-messages';
import type { ScheduleStatus, WorkingCalendar } from '../../../shared/scheduled-messages';
import { workingWeekdaysOf } from '../../../shared/scheduled-messages';
import { escapeLike } from '../../db/like';
import { type PageWindow, selectPage } from '../../db/page';
import {
  companies,
  companyHolidays,
  contacts,
  queues,
  scheduledMessages,
  scheduleSends,
  users,
  whatsapps,
} from '../../db/schema';
import { cancelJob, cancelJobs, jobsNow, scheduleJob, scheduleJobs } from '../../jobs/queries';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

export type ScheduleRow = typeof scheduledMessages.$inferSelect;
export type ScheduleSendRow = typeof scheduleSends.$inferSelect;

/** The job that claims a schedule's next occurrence at its planned time (key `schedule:<id>`). */
export const OCCURRENCE_JOB = 'scheduledMessage';
/** The job that sends a claimed occurrence, and sends it again if the server died meanwhile (`send:<id>`). */
export const DELIVERY_JOB = 'scheduledMessageDelivery';
export const occurrenceKey = (scheduleId: number) => `schedule:${scheduleId}`;
export const deliveryKey = (sendId: number) => `send:${sendId}`;

/** Arms (or moves) the job of the schedule's occurrence `n`, due at `at`. */
export function armOccurrence(db: TenantDb, scheduleId: number, n: number, at: Date) {
  // The job row names its company; its handler builds the company's handle from it.
  return scheduleJob(db.unscoped, {
    kind: OCCURRENCE_JOB,
    key: occurrenceKey(scheduleId),
    companyId: db.companyId,
    payload: { scheduleId, occurrence: n },
    runAt: at,
  });
}

export const disarmOccurrence = (db: TenantDb, scheduleId: number) =>
  cancelJob(db.unscoped, OCCURRENCE_JOB, occurrenceKey(scheduleId));

/** armOccurrence for several schedules in one statement. */
export function armOccurrences(db: TenantDb, list: { scheduleId: number; n: number; at: Date }[]) {
  return scheduleJobs(
    db.unscoped,
    list.map(({ scheduleId, n, at }) => ({
      kind: OCCURRENCE_JOB,
      key: occurrenceKey(scheduleId),
      companyId: db.companyId,
      payload: { scheduleId, occurrence: n },
      runAt: at,
    })),
  );
}

export const disarmOccurrences = (db: TenantDb, scheduleIds: number[]) =>
  cancelJobs(db.unscoped, OCCURRENCE_JOB, scheduleIds.map(occurrenceKey));

/** The delivery's watchdog: runs the send again `delayMs` from now unless the send disarms it first. */
export function armDelivery(db: TenantDb, sendId: number, delayMs: number) {
  return scheduleJob(db.unscoped, {
    kind: DELIVERY_JOB,
    key: deliveryKey(sendId),
    companyId: db.companyId,
    payload: { sendId },
    delayMs,
  });
}

/** armDelivery for several sends in one statement. */
export function armDeliveries(db: TenantDb, sendIds: number[], delayMs: number) {
  return scheduleJobs(
    db.unscoped,
    sendIds.map((sendId) => ({
      kind: DELIVERY_JOB,
      key: deliveryKey(sendId),
      companyId: db.companyId,
      payload: { sendId },
      delayMs,
    })),
  );
}

export const disarmDelivery = (db: TenantDb, sendId: number) => disarmDeliveries(db, [sendId]);

export const disarmDeliveries = (db: TenantDb, sendIds: number[]) =>
  cancelJobs(db.unscoped, DELIVERY_JOB, sendIds.map(deliveryKey));

/** The jobs' clock (the database's, which tests move): planned times are compared with it. */
export async function jobsClock(db: TenantDb): Promise<Date> {
  const { rows } = await db.unscoped.execute<{ now: string | Date }>(sql`select ${jobsNow} as now`);
  return new Date(rows[0]!.now);
}

/** The SQL of scheduleVisibleTo for a user who is not an admin. */
export const visibleToUser = (userId: number, queueIds: readonly number[]) =>
  or(
    eq(scheduledMessages.userId, userId),
    eq(scheduledMessages.ticketUserId, userId),
    queueIds.length > 0 ? inArray(scheduledMessages.queueId, [...queueIds]) : undefined,
  );

/** Schedules whose body or contact's name holds `search` (any case). */
export function matching(db: TenantDb, search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(scheduledMessages.body, pattern),
    inArray(
      scheduledMessages.contactId,
      db.select({ id: contacts.id }).from(contacts).where(ilike(contacts.name, pattern)),
    ),
  );
}

/** A page by next send (those still to go first), then newest. */
export function selectSchedulePage(db: TenantDb, where: SQL | undefined, page: PageWindow) {
  const ordered = db
    .select()
    .from(scheduledMessages)
    .where(where)
    .orderBy(
      sql`${scheduledMessages.nextSendAt} asc nulls last`,
      desc(scheduledMessages.sendAt),
      desc(scheduledMessages.id),
    );
  return selectPage(db, scheduledMessages, where, ordered, page);
}

/** Schedules with an occurrence that may fall in [from, to]: begun by `to`, not finished before `from`. */
export function inRange(from: Date, to: Date) {
  return and(
    lte(scheduledMessages.sendAt, to),
    or(
      eq(scheduledMessages.status, 'PENDENTE' satisfies ScheduleStatus),
      gte(scheduledMessages.sentAt, from),
      gte(scheduledMessages.sendAt, from),
    ),
  );
}

export function selectSchedules(db: TenantDb, where: SQL | undefined, limit: number) {
  return db
    .select()
    .from(scheduledMessages)
    .where(where)
    .orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id))
    .limit(limit);
}

export async function findSchedule(db: TenantDb, id: number, lock = false) {
  const select = db.select().from(scheduledMessages).where(eq(scheduledMessages.id, id));
  const [row] = await (lock ? select.for('update') : select);
  return row;
}

/** Several schedules locked in one order (by id), as two batches of them never deadlock. */
export function lockSchedules(db: TenantDb, ids: number[]) {
  return db
    .select()
    .from(scheduledMessages)
    .where(inArray(scheduledMessages.id, ids))
    .orderBy(asc(scheduledMessages.id))
    .for('update');
}

/** After occurrences went to their messages: each schedule's count and next send, in one statement. */
export async function countOccurrences(
  db: TenantDb,
  list: { id: number; sentCount: number; nextSendAt: Date | null }[],
) {
  if (list.length === 0) return [];
  const ids = sql.param(list.map((r) => r.id));
  const at = sql`array_position(${ids}::int[], ${scheduledMessages.id})`;
  return db
    .update(scheduledMessages)
    .set({
      sentCount: sql`(${sql.param(list.map((r) => r.sentCount))}::int[])[${at}]`,
      nextSendAt: sql`(${sql.param(list.map((r) => r.nextSendAt?.toISOString() ?? null))}::timestamptz[])[${at}]`,
      updatedAt: new Date(),
    })
    .where(
      inArray(
        scheduledMessages.id,
        list.map((r) => r.id),
      ),
    )
    .returning();
}

/**
 * Delivered occurrences' schedules: sentAt now, and ENVIADA for those with no occurrence left. Their
 * locks are taken first (by id): the order the occurrence job and a failed try take them in.
 */
export async function markSchedulesSent(db: TenantDb, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  return db
    .update(scheduledMessages)
    .set({
      sentAt: now,
      status: sql`case when ${scheduledMessages.nextSendAt} is null and ${scheduledMessages.status} = 'PENDENTE' then 'ENVIADA' else ${scheduledMessages.status} end`,
      updatedAt: new Date(),
    })
    .where(inArray(scheduledMessages.id, ids))
    .returning();
}

export async function insertSchedule(db: TenantDb, values: TenantInsertValue<typeof scheduledMessages>) {
  const [row] = await db.insert(scheduledMessages).values(values).returning();
  return row!;
}

export async function updateSchedule(
  db: TenantDb,
  id: number,
  changes: Partial<Omit<typeof scheduledMessages.$inferInsert, 'id' | 'companyId'>>,
) {
  const [row] = await db
    .update(scheduledMessages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(scheduledMessages.id, id))
    .returning();
  return row!;
}

export async function deleteSchedule(db: TenantDb, id: number) {
  const [row] = await db.delete(scheduledMessages).where(eq(scheduledMessages.id, id)).returning();
  return row;
}

/** Pending schedules that move with the calendar (tipoDias 5 or 6), locked: re-armed after a holiday changes. */
export function pendingOnWorkingDays(db: TenantDb) {
  return db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.status, 'PENDENTE'), ne(scheduledMessages.tipoDias, 4)))
    .for('update');
}

/** The company's time zone, working weekdays (service hours) and holidays. */
export async function workingCalendar(db: TenantDb): Promise<WorkingCalendar> {
  const [[company], holidays] = await Promise.all([
    db.select({ timezone: companies.timezone, schedules: companies.schedules }).from(companies),
    db.select({ date: companyHolidays.date }).from(companyHolidays),
  ]);
  return {
    timeZone: company?.timezone ?? 'America/Sao_Paulo',
    workingWeekdays: workingWeekdaysOf(company?.schedules ?? null),
    holidays: new Set(holidays.map((h) => h.date)),
  };
}

/** The names a schedule shows (contact, connection, author, ticket's user, queue), for many at once. */
export async function present(db: TenantDb, rows: ScheduleRow[]): Promise<Schedule[]> {
  if (rows.length === 0) return [];
  const ids = (pick: (r: ScheduleRow) => number | null) => [
    ...new Set(rows.map(pick).filter((v): v is number => v !== null)),
  ];
  const contactIds = ids((r) => r.contactId);
  const userIds = ids((r) => r.userId).concat(ids((r) => r.ticketUserId));
  const connectionIds = ids((r) => r.whatsappId);
  const queueIds = ids((r) => r.queueId);
  const [contactRows, userRows, connectionRows, queueRows] = await Promise.all([
    db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(contacts)
      .where(inArray(contacts.id, contactIds)),
    userIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
      : [],
    connectionIds.length
      ? db
          .select({ id: whatsapps.id, name: whatsapps.name })
          .from(whatsapps)
          .where(inArray(whatsapps.id, connectionIds))
      : [],
    queueIds.length
      ? db.select({ id: queues.id, name: queues.name }).from(queues).where(inArray(queues.id, queueIds))
      : [],
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const [c, u, w, qu] = [byId(contactRows), byId(userRows), byId(connectionRows), byId(queueRows)];
  const name = (map: Map<number, { id: number; name: string }>, id: number | null) => {
    const found = id === null ? undefined : map.get(id);
    return found ? { id: found.id, name: found.name } : null;
  };
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    contactId: r.contactId,
    contact: c.get(r.contactId) ?? { id: r.contactId, name: '', number: '' },
    sendAt: r.sendAt.toISOString(),
    nextSendAt: r.nextSendAt?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
    status: r.status as ScheduleStatus,
    error: r.error,
    sentCount: r.sentCount,
    mediaPath: r.mediaPath,
    mediaName: r.mediaName,
    whatsappId: r.whatsappId,
    whatsapp: name(w, r.whatsappId),
    userId: r.userId,
    user: name(u, r.userId),
    ticketUserId: r.ticketUserId,
    ticketUser: name(u, r.ticketUserId),
    queueId: r.queueId,
    queue: name(qu, r.queueId),
    openTicket: r.openTicket ? 'enabled' : 'disabled',
    statusTicket: r.statusTicket === 'open' ? 'open' : 'closed',
    intervalo: r.intervalo,
    valorIntervalo: r.valorIntervalo,
    enviarQuantasVezes: r.enviarQuantasVezes,
    tipoDias: r.tipoDias,
    assinar: r.assinar,
  }));
}

export async function contactExists(db: TenantDb, id: number) {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id));
  return row !== undefined;
}

export async function connectionExists(db: TenantDb, id: number) {
  const [row] = await db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, id));
  return row !== undefined;
}

export async function userExists(db: TenantDb, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

export async function queueExists(db: TenantDb, id: number) {
  const [row] = await db.select({ id: queues.id }).from(queues).where(eq(queues.id, id));
  return row !== undefined;
}

// ---- Holidays ----

export const selectHolidays = (db: TenantDb) =>
  db
    .select({ id: companyHolidays.id, date: companyHolidays.date, name: companyHolidays.name })
    .from(companyHolidays)
    .orderBy(asc(companyHolidays.date));

export async function insertHoliday(db: TenantDb, values: { date: string; name: string }) {
  const [row] = await db
    .insert(companyHolidays)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: companyHolidays.id, date: companyHolidays.date, name: companyHolidays.name });
  return row;
}

export async function updateHoliday(db: TenantDb, id: number, values: { date: string; name: string }) {
  const [row] = await db
    .update(companyHolidays)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companyHolidays.id, id))
    .returning({ id: companyHolidays.id, date: companyHolidays.date, name: companyHolidays.name });
  return row;
}

export async function holidayOnDate(db: TenantDb, date: string) {
  const [row] = await db
    .select({ id: companyHolidays.id })
    .from(companyHolidays)
    .where(eq(companyHolidays.date, date));
  return row;
}

export async function deleteHoliday(db: TenantDb, id: number) {
  const [row] = await db
    .delete(companyHolidays)
    .where(eq(companyHolidays.id, id))
    .returning({ id: companyHolidays.id });
  return row;
}

// ---- Sends (the sender's) ----

/** Claims occurrence `n`: undefined when it was claimed already (it goes out once). */
export async function claimSend(db: TenantDb, scheduleId: number, occurrence: number, plannedAt: Date) {
  const [row] = await db
    .insert(scheduleSends)
    .values({ scheduleId, occurrence, plannedAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** claimSend for several occurrences: the rows of those not claimed before. */
export async function claimSends(
  db: TenantDb,
  list: { scheduleId: number; occurrence: number; plannedAt: Date }[],
) {
  if (list.length === 0) return [];
  return db.insert(scheduleSends).values(list).onConflictDoNothing().returning();
}

/** Each claimed send's ticket and message, in one statement. */
export async function linkSends(db: TenantDb, list: { id: number; ticketId: number; messageId: number }[]) {
  if (list.length === 0) return;
  const at = sql`array_position(${sql.param(list.map((r) => r.id))}::int[], ${scheduleSends.id})`;
  await db
    .update(scheduleSends)
    .set({
      ticketId: sql`(${sql.param(list.map((r) => r.ticketId))}::int[])[${at}]`,
      messageId: sql`(${sql.param(list.map((r) => r.messageId))}::int[])[${at}]`,
    })
    .where(
      inArray(
        scheduleSends.id,
        list.map((r) => r.id),
      ),
    );
}

/** Sends the channel took: delivered now, unless recorded already; answers those this call recorded. */
export function markSendsDelivered(db: TenantDb, ids: number[], now: Date) {
  return db
    .update(scheduleSends)
    .set({ deliveredAt: now, attempts: sql`${scheduleSends.attempts} + 1`, lastError: null })
    .where(and(inArray(scheduleSends.id, ids), isNull(scheduleSends.deliveredAt)))
    .returning();
}

/** The contacts and connections the occurrences go to, each read once. */
export function contactsByIds(db: TenantDb, ids: number[]) {
  return db.select().from(contacts).where(inArray(contacts.id, ids));
}

export function connectionsByIds(db: TenantDb, ids: number[]) {
  return ids.length ? db.select().from(whatsapps).where(inArray(whatsapps.id, ids)) : [];
}

export async function findSend(db: TenantDb, id: number, lock = false) {
  const select = db.select().from(scheduleSends).where(eq(scheduleSends.id, id));
  const [row] = await (lock ? select.for('update') : select);
  return row;
}

export async function updateSend(
  db: TenantDb,
  id: number,
  changes: Partial<Omit<typeof scheduleSends.$inferInsert, 'id' | 'companyId'>>,
) {
  await db.update(scheduleSends).set(changes).where(eq(scheduleSends.id, id));
}

/** Sends of a schedule not yet delivered nor given up (deleting or re-saving a schedule drops them). */
export const openSendsOf = (db: TenantDb, scheduleId: number) =>
  db
    .select({ id: scheduleSends.id })
    .from(scheduleSends)
    .where(
      and(
        eq(scheduleSends.scheduleId, scheduleId),
        isNull(scheduleSends.deliveredAt),
        isNull(scheduleSends.failedAt),
      ),
    );

/** A schedule saved again starts afresh: the occurrences claimed before (none delivered) are forgotten. */
export async function deleteSendsOf(db: TenantDb, scheduleId: number) {
  await db.delete(scheduleSends).where(eq(scheduleSends.scheduleId, scheduleId));
}
