import { z } from 'zod';
import {
  createUserBody,
  type Profile,
  USER_DEFAULTS,
  USER_PERMISSION_FLAGS,
  type User,
  type UserFlags,
  type updateUserBody,
} from '../../../shared/api/users';
import { VALIDATION } from '../../../shared/errors';

/** The fields of the Permissions tab (1-attendance §3 per-user flags, plus theme and menu). */
export const PERMISSION_FIELDS = [...USER_PERMISSION_FLAGS, 'defaultTheme', 'defaultMenu'] as const;

type PermissionField = (typeof PERMISSION_FIELDS)[number];

/** What the user dialog edits. Empty strings stand for "no value" so every input stays controlled. */
export interface UserFormValues extends Pick<UserFlags, PermissionField | 'startWork' | 'endWork'> {
  name: string;
  email: string;
  password: string;
  /** Asked only when users edit themselves: the server needs it to change their e-mail or password. */
  currentPassword: string;
  profile: Profile;
  queueIds: number[];
  farewellMessage: string;
}

/** Which admin-only parts of the dialog the editor may change (1-attendance §6). */
export interface UserFormAccess {
  /** 'user-modal:editProfile': the profile and the Permissions tab. */
  editProfile: boolean;
  /** 'user-modal:editQueues': queues and working hours. */
  editQueues: boolean;
}

type CreateUserInput = z.input<typeof createUserBody>;
type UpdateUserInput = z.input<typeof updateUserBody>;

/** createUserBody with the password required: only the form asks for it on create, the API keeps it optional. */
export const newUserFormSchema = createUserBody.extend({
  password: z
    .string({ error: VALIDATION.required })
    .min(1, VALIDATION.required)
    .min(5, VALIDATION.tooShort)
    .max(50, VALIDATION.tooLong),
});

/** 1-attendance §9: a new user is a plain user with the default flags. */
export function emptyUserForm(): UserFormValues {
  return {
    name: '',
    email: '',
    password: '',
    currentPassword: '',
    profile: 'user',
    queueIds: [],
    startWork: USER_DEFAULTS.startWork,
    endWork: USER_DEFAULTS.endWork,
    farewellMessage: '',
    ...pickPermissions(USER_DEFAULTS),
  };
}

export function userToForm(user: User): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    currentPassword: '',
    profile: user.profile,
    queueIds: user.queues.map((q) => q.id),
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage ?? '',
    ...pickPermissions(user),
  };
}

function pickPermissions(flags: UserFlags): Pick<UserFlags, PermissionField> {
  return {
    allTicket: flags.allTicket,
    allowGroup: flags.allowGroup,
    allHistoric: flags.allHistoric,
    allUserChat: flags.allUserChat,
    userClosePendingTicket: flags.userClosePendingTicket,
    showDashboard: flags.showDashboard,
    allowRealTime: flags.allowRealTime,
    allowConnections: flags.allowConnections,
    defaultTheme: flags.defaultTheme,
    defaultMenu: flags.defaultMenu,
  };
}

/** The fields the editor may send; the password is handled apart (sent only when typed). */
export function editableFields(access: UserFormAccess): (keyof UserFormValues)[] {
  return [
    'name',
    'email',
    'farewellMessage',
    ...(access.editQueues ? (['queueIds', 'startWork', 'endWork'] as const) : []),
    ...(access.editProfile ? (['profile', ...PERMISSION_FIELDS] as const) : []),
  ];
}

/** POST /users body: every field the editor may set. */
export function toCreateBody(values: UserFormValues, access: UserFormAccess): CreateUserInput {
  const fields = pickFields(values, editableFields(access));
  return { ...toApiFields(fields), name: values.name, email: values.email, password: values.password };
}

/** PUT /users/:id body: only what changed, so an edit never overwrites fields the editor did not touch. */
export function toUpdateBody(
  initial: UserFormValues,
  values: UserFormValues,
  access: UserFormAccess,
): UpdateUserInput {
  const changed = editableFields(access).filter((field) => !sameValue(initial[field], values[field]));
  const body = toApiFields(pickFields(values, changed));
  if (values.password !== '') body.password = values.password;
  if (values.currentPassword !== '') body.currentPassword = values.currentPassword;
  return body;
}

function pickFields(values: UserFormValues, fields: (keyof UserFormValues)[]): Partial<UserFormValues> {
  const picked: Partial<UserFormValues> = {};
  const copy = <K extends keyof UserFormValues>(key: K) => {
    picked[key] = values[key];
  };
  for (const field of fields) copy(field);
  return picked;
}

function toApiFields({
  farewellMessage,
  password: _password,
  currentPassword: _currentPassword,
  ...rest
}: Partial<UserFormValues>): UpdateUserInput {
  const body: UpdateUserInput = { ...rest };
  if (farewellMessage !== undefined)
    body.farewellMessage = farewellMessage.trim() === '' ? null : farewellMessage;
  return body;
}

function sameValue(a: unknown, b: unknown): boolean {
  // Queue ids are a set: picking the same queues in another order is no change.
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join() === [...b].sort().join();
  }
  return a === b;
}
