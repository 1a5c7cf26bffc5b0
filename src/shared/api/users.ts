import { z } from 'zod';
import { boundedText, emailField, hhmm, isoDate, optionalPassword, pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

const enabledDisabled = z.enum(['enabled', 'disabled']);

export const queueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/**
 * The per-user fields of 1-attendance §3, without defaults: write bodies are partial, and a default
 * here would silently reset every field an update leaves out.
 */
export const userFlagsSchema = z.object({
  startWork: hhmm,
  endWork: hhmm,
  farewellMessage: z.string().max(5000).nullable(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  allHistoric: enabledDisabled.nullable(),
  allUserChat: enabledDisabled,
  userClosePendingTicket: enabledDisabled,
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  defaultTicketsManagerWidth: z.number().int().min(404).max(700),
});
export type UserFlags = z.output<typeof userFlagsSchema>;

/** 1-attendance §9: default user values (new users, empty forms). */
export const USER_DEFAULTS: UserFlags = {
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: null,
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  defaultTicketsManagerWidth: 550,
};

/** The per-user permission flags of 1-attendance §3/§6, edited only by admins (the Permissions tab). */
export const USER_PERMISSION_FLAGS = [
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const satisfies readonly (keyof UserFlags)[];

export const userSchema = userFlagsSchema.extend({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  super: z.boolean(),
  profileImage: z.string().nullable(),
  online: z.boolean(),
  whatsappId: z.number().nullable(),
  queues: z.array(queueRef),
  /** Signs in with a second factor (an authenticator's code). */
  twoFactor: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type User = z.output<typeof userSchema>;
export type Profile = User['profile'];

const userWriteBase = userFlagsSchema.partial().extend({
  name: boundedText(2, 50),
  email: emailField,
  password: optionalPassword,
  profile: z.enum(['admin', 'user']).optional(),
  queueIds: z.array(z.number().int().positive()).optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  // Sent by the spec's client; the server always takes the company from the caller.
  companyId: z.number().optional(),
});

export const createUserBody = userWriteBase;
export const updateUserBody = userWriteBase.partial().extend({
  /** Required when a user changes their own password or e-mail: a stolen session cannot take the account. */
  currentPassword: z.string().max(200).optional(),
});

export const usersRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/users',
    access: 'admin',
    query: pageQuery,
    response: pagedResponse('users', userSchema),
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/users/list',
    access: 'user',
    query: z.object({ companyId: z.coerce.number().optional() }),
    response: z.array(userSchema.pick({ id: true, name: true, profile: true, online: true, queues: true })),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/users/:id',
    access: 'user',
    params: idParam,
    response: userSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/users',
    access: 'admin',
    body: createUserBody,
    response: userSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    access: 'user',
    params: idParam,
    body: updateUserBody,
    response: userSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/users/:id/media-upload',
    access: 'user',
    params: idParam,
    multipart: true,
    body: z.object({ typeArch: z.string().optional(), userId: z.string().optional() }),
    response: z.object({ user: z.object({ id: z.number(), profileImage: z.string().nullable() }) }),
  }),
  toggleChangeWidth: defineRoute({
    method: 'PUT',
    path: '/users/toggleChangeWidht/:userId',
    access: 'user',
    params: z.object({ userId: z.coerce.number().int().positive() }),
    body: z.object({ defaultTicketsManagerWidth: z.number().int().min(404).max(700) }),
    response: z.object({ id: z.number(), defaultTicketsManagerWidth: z.number() }),
  }),
  /** The stored profile image (image bytes, not JSON), for users of the same company. */
  avatar: defineRoute({
    method: 'GET',
    path: '/users/:id/avatar',
    access: 'user',
    params: idParam,
    response: z.unknown(),
  }),
  /** An admin ends a user's enrolment (a lost phone): the user signs in with the password alone, or enrols again. */
  resetTwoFactor: defineRoute({
    method: 'DELETE',
    path: '/users/:id/two-factor',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
};
