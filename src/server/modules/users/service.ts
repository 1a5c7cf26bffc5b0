import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import {
  type createUserBody,
  USER_DEFAULTS,
  USER_PERMISSION_FLAGS,
  type User,
  type updateUserBody,
} from '../../../shared/api/users';
import { VALIDATION } from '../../../shared/errors';
import type { UserEvent } from '../../../shared/realtime';
import { isUniqueViolation } from '../../db/errors';
import { type Actor, actorIsAdmin } from '../../platform/actor';
import { AppError, forbidden } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import { imageTypeOf } from '../../platform/images';
import { type AuditedContext, auditIn } from '../audit/recorder';
import { hashPassword, verifyPassword } from '../auth/password';
import { readPlatformSetting } from '../settings/queries';
import { findAvatar, removeAvatar, storeAvatar } from './avatar';
import * as q from './queries';
import { serializeUser, serializeUsers } from './serialize';

type CreateInput = z.output<typeof createUserBody>;
type UpdateInput = z.output<typeof updateUserBody>;

const PAGE_SIZE = 20;

/** 1-attendance §6: what 'user-modal:editProfile' and 'user-modal:editQueues' guard (besides queueIds). */
const ADMIN_ONLY_FIELDS = [
  'profile',
  'whatsappId',
  'startWork',
  'endWork',
  ...USER_PERMISSION_FLAGS,
] as const satisfies readonly (keyof UpdateInput & keyof q.UserRow)[];

function emitUser(ctx: Context, event: UserEvent) {
  const { companyId } = ctx.actor;
  ctx.events.publish(toCompany('user', companyId, event));
}

/** Users are looked up in the caller's company only: another company's user does not exist here. */
async function findUser(ctx: Context, id: number) {
  const row = await q.findUserRow(ctx.db, id);
  if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
  return row;
}

/** Users edit themselves; admins edit their company's users, but only a super alters a super. */
function assertMayEdit(actor: Actor, target: q.UserRow) {
  if (target.id === actor.userId) return;
  if (!actorIsAdmin(actor) || (target.super && !actor.super)) throw forbidden();
}

/** queueIds without repeats, all of them queues of the caller's company. */
async function ownQueueIds(ctx: Context, ids: number[]) {
  const unique = [...new Set(ids)];
  const own = await q.ownQueueIds(ctx.db, unique);
  if (own.length !== unique.length) throw forbidden();
  return unique;
}

async function assertNoAdminFieldChange(ctx: Context, target: q.UserRow, input: UpdateInput) {
  // A user's own form echoes these fields back: the same value passes, a different one is refused (403) rather than silently dropped.
  const changed = ADMIN_ONLY_FIELDS.some((f) => input[f] !== undefined && input[f] !== target[f]);
  const queues = input.queueIds && [...new Set(input.queueIds)].sort((a, b) => a - b);
  const current = queues && (await q.userQueueIds(ctx.db, target.id)).sort((a, b) => a - b);
  if (changed || (queues && queues.join() !== current?.join())) throw forbidden();
}

async function assertCurrentPassword(hash: string, presented: string | undefined) {
  if (!presented) throw new AppError(VALIDATION.required, 400);
  if (!(await verifyPassword(presented, hash))) throw new AppError('ERR_INVALID_CREDENTIALS', 400);
}

/** The unique index on lower(email) decides; its refusal becomes the 409 the client knows. */
async function withUniqueEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
    throw err;
  }
}

export async function listUsers(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const page = await q.searchUsers(ctx.db, query.searchParam, {
    limit: PAGE_SIZE,
    offset,
  });
  const users = await serializeUsers(ctx.db, page.rows, ctx.deps.presence);
  return { users, count: page.count, hasMore: offset + users.length < page.count };
}

export async function listCompanyUsers(ctx: Context) {
  const rows = await q.selectUsers(ctx.db);
  const users = await serializeUsers(ctx.db, rows, ctx.deps.presence);
  return users.map(({ id, name, profile, online, queues }) => ({ id, name, profile, online, queues }));
}

export async function showUser(ctx: Context, id: number): Promise<User> {
  const row = await findUser(ctx, id);
  if (row.id !== ctx.actor.userId && !actorIsAdmin(ctx.actor)) throw forbidden();
  return serializeUser(ctx.db, row, ctx.deps.presence);
}

/** What the audit log shows of a user: their profile and permissions, never credentials or secrets. */
function auditedUser(row: q.UserRow, queueIds: number[] | undefined) {
  const {
    passwordHash: _p,
    tokenVersion: _v,
    totpSecret: _s,
    totpLastStep: _l,
    totpEnabledAt,
    lastSeenAt: _seen,
    ...rest
  } = row;
  return { ...rest, twoFactor: totpEnabledAt !== null, ...(queueIds && { queueIds }) };
}

export async function createUser(ctx: AuditedContext, input: CreateInput): Promise<User> {
  const { db } = ctx;
  const { presence } = ctx.deps;
  if (!input.password) throw new AppError(VALIDATION.required, 400);
  // 2-administration §3: userCreation is the super administrator's switch over everyone else.
  if (!ctx.actor.super && (await readPlatformSetting(db, 'userCreation')) === 'disabled') {
    throw new AppError('ERR_USER_CREATION_DISABLED', 403);
  }
  const { password, queueIds, companyId: _ignored, ...fields } = input;
  const ownQueues = await ownQueueIds(ctx, queueIds ?? []);
  const passwordHash = await hashPassword(password);
  const row = await withUniqueEmail(
    // `super` is not in the body: no route makes a super administrator.
    q.insertUserWithinLimit(
      db,
      { ...USER_DEFAULTS, ...fields, profile: fields.profile ?? 'user', passwordHash, super: false },
      ownQueues,
      (tx, created) =>
        auditIn(ctx, tx, {
          action: 'user.create',
          entity: 'user',
          entityId: created.id,
          after: auditedUser(created, ownQueues),
        }),
    ),
  );
  if (!row) throw new AppError('ERR_USER_LIMIT_REACHED', 403);
  const user = await serializeUser(db, row, presence);
  emitUser(ctx, { action: 'create', user });
  return user;
}

export async function updateUser(ctx: AuditedContext, id: number, input: UpdateInput): Promise<User> {
  const { db } = ctx;
  const { presence } = ctx.deps;
  const target = await findUser(ctx, id);
  assertMayEdit(ctx.actor, target);
  if (!actorIsAdmin(ctx.actor)) await assertNoAdminFieldChange(ctx, target, input);
  const { password, currentPassword, queueIds, companyId: _ignored, ...fields } = input;
  const queues = queueIds && (await ownQueueIds(ctx, queueIds));
  const changes: q.UserChanges = { ...fields };
  // An empty password means "unchanged" (1-attendance §5: not required).
  if (password) changes.passwordHash = await hashPassword(password);
  const credentialsChange =
    !!password || (fields.email !== undefined && fields.email.toLowerCase() !== target.email.toLowerCase());
  const self = target.id === ctx.actor.userId;
  if (credentialsChange && self) await assertCurrentPassword(target.passwordHash, currentPassword);
  // New credentials end the other sessions: all of the user's when an admin changed them, all but the caller's own.
  const endSessions = credentialsChange ? { keep: self ? ctx.actor.sessionId : undefined } : undefined;
  const queuesBefore = queues && (await q.userQueueIds(db, target.id));
  const row = await withUniqueEmail(
    q.updateUserWithQueues(db, target.id, changes, queues, endSessions, (tx, updated) =>
      auditIn(ctx, tx, {
        action: 'user.update',
        entity: 'user',
        entityId: target.id,
        // A new password shows as changed, never as a value.
        before: auditedUser(target, queuesBefore?.sort()),
        after: {
          ...auditedUser(updated, queues && [...queues].sort()),
          ...(password && { password: 'changed' }),
        },
      }),
    ),
  );
  const user = await serializeUser(db, row, presence);
  emitUser(ctx, { action: 'update', user });
  if (endSessions) ctx.events.sessionsEnded(target.id, endSessions.keep);
  // Queues, profile and visibility flags decide what the user's open sockets may receive.
  ctx.events.viewerChanged(target.id);
  return user;
}

export async function deleteUser(ctx: AuditedContext, id: number) {
  const target = await findUser(ctx, id);
  if (target.id === ctx.actor.userId || (target.super && !ctx.actor.super)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await q.deleteUserRow(tx, target.id);
    await auditIn(ctx, tx, {
      action: 'user.delete',
      entity: 'user',
      entityId: target.id,
      before: auditedUser(target, undefined),
    });
  });
  await removeAvatar(ctx.deps.avatars, ctx.actor.companyId, target.profileImage);
  emitUser(ctx, { action: 'delete', userId: target.id });
  ctx.events.viewerChanged(target.id);
  return { ok: true as const };
}

export async function uploadAvatar(ctx: Context, id: number, files: ReceivedFile[]) {
  const { db } = ctx;
  const { presence, avatars } = ctx.deps;
  const target = await findUser(ctx, id);
  assertMayEdit(ctx.actor, target);
  const file = files.find((f) => f.field === 'profileImage');
  const type = file && imageTypeOf(file);
  if (!file || !type) throw new AppError('ERR_INVALID_FILE', 400);
  const fileName = await storeAvatar(avatars, target.companyId, type, file);
  const row = await q.updateUserRow(db, target.id, { profileImage: fileName });
  await removeAvatar(avatars, target.companyId, target.profileImage);
  emitUser(ctx, { action: 'update', user: await serializeUser(db, row, presence) });
  return { user: { id: row.id, profileImage: row.profileImage } };
}

/** The stored profile image of a user of the caller's company. */
export async function avatarOf(ctx: Context, id: number) {
  const target = await findUser(ctx, id);
  const found =
    target.profileImage && (await findAvatar(ctx.deps.avatars, target.companyId, target.profileImage));
  if (!found) throw new AppError('ERR_NOT_FOUND', 404);
  return found;
}

export async function changeTicketsManagerWidth(ctx: Context, userId: number, width: number) {
  const { db } = ctx;
  const { presence } = ctx.deps;
  const target = await findUser(ctx, userId);
  assertMayEdit(ctx.actor, target);
  const row = await q.updateUserRow(db, target.id, { defaultTicketsManagerWidth: width });
  emitUser(ctx, { action: 'update', user: await serializeUser(db, row, presence) });
  return { id: row.id, defaultTicketsManagerWidth: row.defaultTicketsManagerWidth };
}
