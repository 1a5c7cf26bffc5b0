import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  holidayBody,
  Schedule,
  scheduleBody,
  scheduleListQuery,
} from '../../../shared/api/scheduled-messages';
import { rooms, type ScheduleEvent } from '../../../shared/realtime';
import {
  occurrenceAt,
  occurrencesOf,
  SCHEDULES_PAGE_SIZE,
  type WorkingCalendar,
} from '../../../shared/scheduled-messages';
import { scheduledMessages } from '../../db/schema';
import { actorIsAdmin } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import type { EventSink } from '../../platform/events';
import { imageTypeOf } from '../../platform/images';
import type { TenantDb } from '../../platform/tenant';
import { findMedia, removeMedia, storeMedia } from '../messages/media-store';
import * as q from './queries';

type ScheduleInput = z.output<typeof scheduleBody>;
type ListQuery = z.output<typeof scheduleListQuery>;

/** The calendar answers at most this many schedules for one range. */
const RANGE_LIMIT = 500;
/** png, jpg and jpeg only (declared and by their first bytes). */
const ACCEPTED = new Set(['image/png', 'image/jpeg']);

/** Every socket of the company; the table's rule gives each viewer the schedules she sees. */
export function announceSchedule(events: EventSink, companyId: number, data: ScheduleEvent) {
  events.publish({ kind: 'schedule', companyId, to: rooms.company(companyId), data });
}

/** What the caller sees: admins every schedule; a user hers, her tickets' and her queues' (scheduleVisibleTo). */
const visibleWhere = (ctx: Context): SQL | undefined =>
  actorIsAdmin(ctx.actor) ? undefined : q.visibleToUser(ctx.actor.userId, ctx.actor.queueIds);

async function findVisible(ctx: Context, db: TenantDb, id: number, lock = false) {
  const row = await q.findSchedule(db, id, lock);
  const scope = visibleWhere(ctx);
  const visible =
    row &&
    (!scope ||
      row.userId === ctx.actor.userId ||
      row.ticketUserId === ctx.actor.userId ||
      (row.queueId !== null && ctx.actor.queueIds.includes(row.queueId)));
  if (!row || !visible) throw notFound('ERR_NO_SCHEDULE_FOUND');
  return row;
}

const presentOne = async (db: TenantDb, row: q.ScheduleRow) => (await q.present(db, [row]))[0]!;

/**
 * GET /schedules: the list (search on the body and the contact's name, 40 a page, those still to go
 * first), or with from and to the calendar's range: every schedule with an occurrence in it, and those
 * occurrences.
 */
export async function listSchedules(ctx: Context, query: ListQuery) {
  const search = query.searchParam.trim();
  const base = and(
    visibleWhere(ctx),
    q.matching(ctx.db, search),
    query.contactId ? eq(scheduledMessages.contactId, query.contactId) : undefined,
  );
  if (query.from && query.to) {
    const from = new Date(query.from);
    const to = new Date(query.to);
    const rows = await q.selectSchedules(ctx.db, and(base, q.inRange(from, to)), RANGE_LIMIT);
    const calendar = await q.workingCalendar(ctx.db);
    const occurrences = rows.flatMap((row) => occurrencesIn(row, calendar, from, to));
    const schedules = await q.present(ctx.db, rows);
    return { schedules, count: schedules.length, hasMore: false, occurrences };
  }
  const offset = (query.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
  const { rows, total } = await q.selectSchedulePage(ctx.db, base, { limit: SCHEDULES_PAGE_SIZE, offset });
  const schedules = await q.present(ctx.db, rows);
  return { schedules, count: total, hasMore: offset + rows.length < total, occurrences: [] };
}

/** A schedule's occurrences planned in [from, to] (after the day rule). */
function occurrencesIn(row: q.ScheduleRow, calendar: WorkingCalendar, from: Date, to: Date) {
  const found: { scheduleId: number; n: number; at: string }[] = [];
  const total = occurrencesOf(row);
  for (let n = 1; n <= total; n++) {
    const at = occurrenceAt(row, n, calendar);
    if (!at) break;
    // The day rule moves a time by days at most, so once past the range by more than a week all later are too.
    if (at.getTime() > to.getTime() + 7 * 86_400_000) break;
    if (at >= from && at <= to) found.push({ scheduleId: row.id, n, at: at.toISOString() });
  }
  return found;
}

export async function showSchedule(ctx: Context, id: number) {
  return presentOne(ctx.db, await findVisible(ctx, ctx.db, id));
}

/** The contact, connection, user and queue a schedule names must be the company's. */
async function checkReferences(db: TenantDb, input: ScheduleInput) {
  if (!(await q.contactExists(db, input.contactId))) throw notFound('ERR_NO_CONTACT_FOUND');
  if (input.whatsappId !== null && !(await q.connectionExists(db, input.whatsappId)))
    throw notFound('ERR_NO_WAPP_FOUND');
  if (input.ticketUserId !== null && !(await q.userExists(db, input.ticketUserId)))
    throw notFound('ERR_NO_USER_FOUND');
  if (input.queueId !== null && !(await q.queueExists(db, input.queueId)))
    throw notFound('ERR_NO_QUEUE_FOUND');
}

const columnsOf = (input: ScheduleInput) => ({
  body: input.body,
  contactId: input.contactId,
  sendAt: new Date(input.sendAt),
  whatsappId: input.whatsappId,
  openTicket: input.openTicket === 'enabled',
  statusTicket: input.statusTicket,
  ticketUserId: input.ticketUserId,
  queueId: input.queueId,
  intervalo: input.intervalo,
  valorIntervalo: input.valorIntervalo,
  enviarQuantasVezes: input.enviarQuantasVezes,
  tipoDias: input.tipoDias,
  assinar: input.assinar,
});

/**
 * Arms the job of the schedule's next occurrence (sentCount + 1) at its planned time on the company's
 * calendar, and keeps that time as nextSendAt; none left: nothing armed.
 */
export async function armNext(db: TenantDb, row: q.ScheduleRow, calendar?: WorkingCalendar) {
  const n = row.sentCount + 1;
  const at = occurrenceAt(row, n, calendar ?? (await q.workingCalendar(db)));
  if (!at) {
    await q.disarmOccurrence(db, row.id);
    return q.updateSchedule(db, row.id, { nextSendAt: null });
  }
  await q.armOccurrence(db, row.id, n, at);
  return q.updateSchedule(db, row.id, { nextSendAt: at });
}

/** POST /schedules: by the caller, for a contact of the company; its first occurrence armed. */
export async function createSchedule(ctx: Context, input: ScheduleInput): Promise<Schedule> {
  await checkReferences(ctx.db, input);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await q.insertSchedule(tx, { ...columnsOf(input), userId: ctx.actor.userId });
    return armNext(tx, inserted);
  });
  const schedule = await presentOne(ctx.db, row);
  announceSchedule(ctx.events, ctx.actor.companyId, { action: 'create', schedule });
  return schedule;
}

/** Drops what a schedule still had going: its next occurrence's job and the watchdogs of unsent occurrences. */
async function disarmAll(db: TenantDb, scheduleId: number) {
  await q.disarmOccurrence(db, scheduleId);
  for (const send of await q.openSendsOf(db, scheduleId)) await q.disarmDelivery(db, send.id);
}

/**
 * PUT /schedules/:id: only while nothing went out (sentAt unset; the screen hides save then). Saving
 * again starts afresh: status PENDENTE, the error cleared, the first occurrence armed anew.
 */
export async function updateSchedule(ctx: Context, id: number, input: ScheduleInput): Promise<Schedule> {
  const row = await ctx.db.transaction(async (tx) => {
    // The schedule first: another company's answers as absent whatever the body names.
    const found = await findVisible(ctx, tx, id, true);
    await checkReferences(tx, input);
    if (found.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 409);
    await disarmAll(tx, id);
    await q.deleteSendsOf(tx, id);
    const updated = await q.updateSchedule(tx, id, {
      ...columnsOf(input),
      status: 'PENDENTE',
      error: null,
      sentCount: 0,
    });
    return armNext(tx, updated);
  });
  const schedule = await presentOne(ctx.db, row);
  announceSchedule(ctx.events, ctx.actor.companyId, { action: 'update', schedule });
  return schedule;
}

export async function deleteSchedule(ctx: Context, id: number) {
  const removed = await ctx.db.transaction(async (tx) => {
    await findVisible(ctx, tx, id, true);
    await disarmAll(tx, id);
    return q.deleteSchedule(tx, id);
  });
  if (removed?.mediaPath) await removeMedia(ctx.deps.media, ctx.actor.companyId, [removed.mediaPath]);
  announceSchedule(ctx.events, ctx.actor.companyId, { action: 'delete', scheduleId: id });
  return { ok: true as const };
}

/** Sets (file) or clears (null) the image; the file it replaces leaves the store once the row says so. */
async function replaceMedia(ctx: Context, id: number, media: { path: string; name: string } | null) {
  const { companyId } = ctx.actor;
  let result: { before: q.ScheduleRow; row: q.ScheduleRow };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const before = await findVisible(ctx, tx, id, true);
      const row = await q.updateSchedule(tx, id, {
        mediaPath: media?.path ?? null,
        mediaName: media?.name ?? null,
      });
      return { before, row };
    });
  } catch (err) {
    if (media) await removeMedia(ctx.deps.media, companyId, [media.path]);
    throw err;
  }
  await removeMedia(ctx.deps.media, companyId, [result.before.mediaPath]);
  const schedule = await presentOne(ctx.db, result.row);
  announceSchedule(ctx.events, companyId, { action: 'update', schedule });
  return schedule;
}

/** POST /schedules/:id/media-upload: the multipart `file`, a png or jpeg (declared and by its bytes). */
export async function uploadScheduleMedia(ctx: Context, id: number, files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file');
  const type = file && imageTypeOf(file);
  if (!file || !type || !ACCEPTED.has(type) || files.length !== 1)
    throw new AppError('ERR_INVALID_FILE', 400);
  await findVisible(ctx, ctx.db, id);
  const path = await storeMedia(ctx.deps.media, ctx.actor.companyId, file);
  return replaceMedia(ctx, id, { path, name: file.filename });
}

export const removeScheduleMedia = (ctx: Context, id: number) => replaceMedia(ctx, id, null);

export async function scheduleMediaOf(ctx: Context, id: number) {
  const row = await findVisible(ctx, ctx.db, id);
  const found = row.mediaPath && (await findMedia(ctx.deps.media, row.companyId, row.mediaPath));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

// ---- Holidays ----

export const listHolidays = (ctx: Context) => q.selectHolidays(ctx.db);

/** The pending schedules that move with the calendar, armed again on the changed one. */
async function rearmCalendar(tx: TenantDb) {
  const rows = await q.pendingOnWorkingDays(tx);
  const calendar = await q.workingCalendar(tx);
  const changed: q.ScheduleRow[] = [];
  for (const row of rows) changed.push(await armNext(tx, row, calendar));
  return changed;
}

async function afterCalendarChange(ctx: Context, change: (tx: TenantDb) => Promise<void>) {
  const changed = await ctx.db.transaction(async (tx) => {
    await change(tx);
    return rearmCalendar(tx);
  });
  for (const schedule of await q.present(ctx.db, changed))
    announceSchedule(ctx.events, ctx.actor.companyId, { action: 'update', schedule });
}

export async function createHoliday(ctx: Context, input: z.output<typeof holidayBody>) {
  let created: Awaited<ReturnType<typeof q.insertHoliday>>;
  await afterCalendarChange(ctx, async (tx) => {
    created = await q.insertHoliday(tx, input);
    if (!created) throw new AppError('ERR_HOLIDAY_ALREADY_EXISTS', 409);
  });
  return created!;
}

export async function updateHoliday(ctx: Context, id: number, input: z.output<typeof holidayBody>) {
  let updated: Awaited<ReturnType<typeof q.updateHoliday>>;
  await afterCalendarChange(ctx, async (tx) => {
    const clash = await q.holidayOnDate(tx, input.date);
    if (clash && clash.id !== id) throw new AppError('ERR_HOLIDAY_ALREADY_EXISTS', 409);
    updated = await q.updateHoliday(tx, id, input);
    if (!updated) throw notFound('ERR_NOT_FOUND');
  });
  return updated!;
}

export async function deleteHoliday(ctx: Context, id: number) {
  await afterCalendarChange(ctx, async (tx) => {
    if (!(await q.deleteHoliday(tx, id))) throw notFound('ERR_NOT_FOUND');
  });
  return { ok: true as const };
}
