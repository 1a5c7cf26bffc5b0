// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type User, updateUserBody } from '../../../shared/api/users';
import { aUser } from '../../test/builders';
import {
  emptyUserForm,
  newUserFormSchema,
  toCreateBody,
  toUpdateBody,
  type UserFormAccess,
  userToForm,
} from './user-form';

const admin: UserFormAccess = { editProfile: true, editQueues: true };
const self: UserFormAccess = { editProfile: false, editQueues: false };

const aUserToEdit = (more: Partial<User> = {}) =>
  aUser(7, {
    name: 'Ana Souza',
    email: 'ana@example.com',
    queues: [
      { id: 1, name: 'Sales', color: '#ff0000' },
      { id: 2, name: 'Support', color: '#00ff00' },
    ],
    ...more,
  });

describe('a new user form', () => {
  it('starts from the default user values of 1-attendance §9', () => {
    const form = emptyUserForm();
    expect(form).toMatchObject({
      profile: 'user',
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'disable',
      defaultTheme: 'light',
      defaultMenu: 'open',
      allUserChat: 'disabled',
      showDashboard: 'disabled',
      userClosePendingTicket: 'enabled',
      queueIds: [],
      password: '',
    });
  });

  it('requires a password, unlike the API body', () => {
    const values = { ...emptyUserForm(), name: 'Ana', email: 'ana@example.com' };
    const result = newUserFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    // The form shows the first message of a field.
    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: 'Required' });
    expect(newUserFormSchema.safeParse({ ...values, password: '1234' }).error?.issues[0].message).toBe(
      'Too Short!',
    );
    expect(newUserFormSchema.safeParse({ ...values, password: 'secret' }).success).toBe(true);
  });

  it('reports the spec messages for name and email', () => {
    const issues = newUserFormSchema.safeParse({
      ...emptyUserForm(),
      name: 'A',
      email: 'nope',
      password: 'secret',
    }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Too Short!'],
      ['email', 'Invalid email'],
    ]);
  });

  it('sends every field an admin sets, with an empty farewell message as null', () => {
    const body = toCreateBody(
      { ...emptyUserForm(), name: 'Ana', email: 'ana@example.com', password: 'secret', queueIds: [2] },
      admin,
    );
    expect(body).toMatchObject({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'secret',
      profile: 'user',
      queueIds: [2],
      farewellMessage: null,
      userClosePendingTicket: 'enabled',
    });
    expect(newUserFormSchema.safeParse(body).success).toBe(true);
  });
});

describe('editing a user', () => {
  it('fills a form the shared update schema accepts as it is', () => {
    expect(updateUserBody.safeParse(userToForm(aUserToEdit({ allHistoric: null }))).success).toBe(true);
  });

  it('leaves the password out of the form and of the body when left empty', () => {
    const initial = userToForm(aUserToEdit());
    expect(initial.password).toBe('');
    expect(toUpdateBody(initial, { ...initial }, admin)).toEqual({});
  });

  it('sends only the fields that changed, and the password when typed', () => {
    const initial = userToForm(aUserToEdit());
    const body = toUpdateBody(
      initial,
      { ...initial, name: 'Ana Lima', password: 'newpass', showDashboard: 'enabled' },
      admin,
    );
    expect(body).toEqual({ name: 'Ana Lima', password: 'newpass', showDashboard: 'enabled' });
    expect(updateUserBody.safeParse(body).success).toBe(true);
  });

  it("sends the current password with a change of one's own e-mail or password", () => {
    const initial = userToForm(aUserToEdit());
    expect(initial.currentPassword).toBe('');
    const body = toUpdateBody(
      initial,
      { ...initial, email: 'new@example.com', currentPassword: 'old-one' },
      self,
    );
    expect(body).toEqual({ email: 'new@example.com', currentPassword: 'old-one' });
    expect(updateUserBody.safeParse(body).success).toBe(true);
  });

  it('treats the same queues picked in another order as no change', () => {
    const initial = userToForm(aUserToEdit());
    expect(toUpdateBody(initial, { ...initial, queueIds: [2, 1] }, admin)).toEqual({});
    expect(toUpdateBody(initial, { ...initial, queueIds: [2] }, admin)).toEqual({ queueIds: [2] });
  });

  it('clears the farewell message with null', () => {
    const initial = userToForm(aUserToEdit({ farewellMessage: 'Bye!' }));
    expect(initial.farewellMessage).toBe('Bye!');
    expect(toUpdateBody(initial, { ...initial, farewellMessage: '  ' }, admin)).toEqual({
      farewellMessage: null,
    });
  });

  it('never sends the admin-only parts for a user editing their own profile', () => {
    const initial = userToForm(aUserToEdit());
    const body = toUpdateBody(
      initial,
      {
        ...initial,
        name: 'Ana L',
        profile: 'admin',
        queueIds: [],
        startWork: '08:00',
        allowConnections: 'enabled',
      },
      self,
    );
    expect(body).toEqual({ name: 'Ana L' });
  });

  it('lets queues and working hours through with editQueues alone', () => {
    const initial = userToForm(aUserToEdit());
    const body = toUpdateBody(
      initial,
      { ...initial, profile: 'admin', startWork: '08:00' },
      { editProfile: false, editQueues: true },
    );
    expect(body).toEqual({ startWork: '08:00' });
  });
});
