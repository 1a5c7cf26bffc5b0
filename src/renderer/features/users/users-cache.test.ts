// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { USER_DEFAULTS, type User } from '../../../shared/api/users';
import { applyUserEvent, type UsersList } from './users-cache';

const aUser = (id: number, name: string): User => ({
  ...USER_DEFAULTS,
  id,
  companyId: 1,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile: 'user',
  super: false,
  profileImage: null,
  online: false,
  whatsappId: null,
  queues: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

const listOf = (...pages: User[][]): UsersList => ({
  pages: pages.map((users, i) => ({ users, count: 0, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});

const names = (list: UsersList) => list.pages.map((page) => page.users.map((u) => u.name));

describe('a cached users list receiving user events', () => {
  const ana = aUser(1, 'Ana');
  const bia = aUser(2, 'Bia');

  it('replaces an updated user where it stands, on any page', () => {
    const list = listOf([ana], [bia]);
    const updated = applyUserEvent(list, { action: 'update', user: { ...bia, online: true } }, '');
    expect(updated.pages[1].users[0].online).toBe(true);
    expect(names(updated)).toEqual([['Ana'], ['Bia']]);
  });

  it('puts a created user on top of the first page', () => {
    const list = listOf([ana], [bia]);
    expect(names(applyUserEvent(list, { action: 'create', user: aUser(3, 'Caio') }, ''))).toEqual([
      ['Caio', 'Ana'],
      ['Bia'],
    ]);
  });

  it('keeps a created user out of a search it does not match', () => {
    const list = listOf([ana]);
    expect(applyUserEvent(list, { action: 'create', user: aUser(3, 'Caio') }, 'an')).toBe(list);
    expect(names(applyUserEvent(list, { action: 'create', user: aUser(4, 'Joana') }, 'AN'))).toEqual([
      ['Joana', 'Ana'],
    ]);
  });

  it('removes a deleted user from every page', () => {
    const list = listOf([ana], [bia]);
    expect(names(applyUserEvent(list, { action: 'delete', userId: 2 }, ''))).toEqual([['Ana'], []]);
  });

  it('does not add a user twice when its own create event follows our write', () => {
    const list = applyUserEvent(listOf([ana]), { action: 'create', user: bia }, '');
    expect(names(applyUserEvent(list, { action: 'create', user: bia }, ''))).toEqual([['Bia', 'Ana']]);
  });
});
