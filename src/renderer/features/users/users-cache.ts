import type { InfiniteData } from '@tanstack/react-query';
import type { RouteOutput } from '../../../shared/api/contract';
import type { User, usersRoutes } from '../../../shared/api/users';
import type { UserEvent } from '../../../shared/realtime';

export type UsersPage = RouteOutput<typeof usersRoutes.list>;
export type UsersList = InfiniteData<UsersPage, number>;

/** The list search as the server applies it: name or email containing the text, ignoring case. */
export function matchesSearch(user: Pick<User, 'name' | 'email'>, searchParam: string): boolean {
  const needle = searchParam.trim().toLowerCase();
  if (needle === '') return true;
  return user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
}

/**
 * Applies a `company-{id}-user` event (or our own write) to one cached list: an update replaces the
 * user where it is, a user new to this list goes on top when it matches the search, a delete removes it.
 */
export function applyUserEvent(list: UsersList, event: UserEvent, searchParam: string): UsersList {
  if (event.action === 'delete') {
    return mapPages(list, (users) => users.filter((u) => u.id !== event.userId));
  }
  const { user } = event;
  const present = list.pages.some((page) => page.users.some((u) => u.id === user.id));
  if (present) return mapPages(list, (users) => users.map((u) => (u.id === user.id ? user : u)));
  if (!matchesSearch(user, searchParam) || list.pages.length === 0) return list;
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first, users: [user, ...first.users] }, ...rest] };
}

function mapPages(list: UsersList, change: (users: User[]) => User[]): UsersList {
  return { ...list, pages: list.pages.map((page) => ({ ...page, users: change(page.users) })) };
}
