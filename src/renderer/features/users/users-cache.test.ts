// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aUser, aUsersList } from '../../test/builders';
import { applyUserEvent, type UsersList } from './users-cache';

const names = (list: UsersList) => list.pages.map((page) => page.users.map((u) => u.name));

describe('a cached users list receiving user events', () => {
  const ana = aUser(1, { name: 'Ana' });
  const bia = aUser(2, { name: 'Bia' });

  it('replaces an updated user where it stands, on any page', () => {
    const list = aUsersList([ana], [bia]);
    const updated = applyUserEvent(list, { action: 'update', user: { ...bia, online: true } }, '');
    expect(updated.pages[1].users[0].online).toBe(true);
    expect(names(updated)).toEqual([['Ana'], ['Bia']]);
  });

  it('puts a created user on top of the first page', () => {
    const list = aUsersList([ana], [bia]);
    expect(names(applyUserEvent(list, { action: 'create', user: aUser(3, { name: 'Caio' }) }, ''))).toEqual([
      ['Caio', 'Ana'],
      ['Bia'],
    ]);
  });

  it('keeps a created user out of a search it does not match', () => {
    const list = aUsersList([ana]);
    expect(applyUserEvent(list, { action: 'create', user: aUser(3, { name: 'Caio' }) }, 'an')).toBe(list);
    expect(
      names(applyUserEvent(list, { action: 'create', user: aUser(4, { name: 'Joana' }) }, 'AN')),
    ).toEqual([['Joana', 'Ana']]);
  });

  it('removes a deleted user from every page', () => {
    const list = aUsersList([ana], [bia]);
    expect(names(applyUserEvent(list, { action: 'delete', userId: 2 }, ''))).toEqual([['Ana'], []]);
  });

  it('does not add a user twice when its own create event follows our write', () => {
    const list = applyUserEvent(aUsersList([ana]), { action: 'create', user: bia }, '');
    expect(names(applyUserEvent(list, { action: 'create', user: bia }, ''))).toEqual([['Bia', 'Ana']]);
  });
});
