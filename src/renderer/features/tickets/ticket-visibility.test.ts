// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  belongsInList,
  mayCloseAll,
  mayFilterByUser,
  mayIgnore,
  mayShowAll,
  searchShowsAll,
  seesAssignedUser,
  seesGroupTab,
} from '../../../shared/ticket-visibility';
import { aTicket, aViewer } from '../../test/builders';

const user = aViewer({ userClosePendingTicket: 'disabled' });
const admin = aViewer({ profile: 'admin', userClosePendingTicket: 'disabled' });
const superUser = aViewer({ super: true, userClosePendingTicket: 'disabled' });

describe('who sees what in the ticket manager (1-attendance §6)', () => {
  it('offers show-all to admins and to users with allUserChat', () => {
    expect(mayShowAll(admin)).toBe(true);
    expect(mayShowAll(superUser)).toBe(true);
    expect(mayShowAll(user)).toBe(false);
    expect(mayShowAll({ ...user, allUserChat: 'enabled' })).toBe(true);
  });

  it('shows the group tab only with allowGroup', () => {
    expect(seesGroupTab(user)).toBe(false);
    expect(seesGroupTab({ ...user, allowGroup: true })).toBe(true);
    expect(seesGroupTab(admin)).toBe(false);
  });

  it('keeps the user filter, close-all and the assigned-user tag for admins', () => {
    for (const rule of [mayFilterByUser, mayCloseAll, seesAssignedUser]) {
      expect(rule(admin)).toBe(true);
      expect(rule(user)).toBe(false);
      expect(rule({ ...user, allUserChat: 'enabled', showDashboard: 'enabled' })).toBe(false);
    }
  });

  it('lets admins, showDashboard users and userClosePendingTicket users ignore a waiting ticket', () => {
    expect(mayIgnore(admin)).toBe(true);
    expect(mayIgnore(user)).toBe(false);
    expect(mayIgnore({ ...user, showDashboard: 'enabled' })).toBe(true);
    expect(mayIgnore({ ...user, userClosePendingTicket: 'enabled' })).toBe(true);
  });

  it('searches across all users for admins only', () => {
    expect(searchShowsAll(admin)).toBe(true);
    expect(searchShowsAll({ ...user, allUserChat: 'enabled' })).toBe(false);
  });
});

describe('which tickets belong in a live list', () => {
  const open = { status: 'open' as const, showAll: false, queueIds: [10] };

  it('takes tickets without a queue only for admins and users with allTicket', () => {
    const noQueue = aTicket(1, { userId: null, queueId: null, queue: null });
    expect(belongsInList(noQueue, open, user)).toBe(false);
    expect(belongsInList(noQueue, open, { ...user, allTicket: 'enable' })).toBe(true);
    expect(belongsInList(noQueue, open, admin)).toBe(true);
  });

  it('takes group tickets only for users with allowGroup (admins always)', () => {
    const group = aTicket(1, { status: 'group', isGroup: true });
    const groups = { ...open, status: 'group' as const };
    expect(belongsInList(group, groups, user)).toBe(false);
    expect(belongsInList(group, groups, { ...user, allowGroup: true })).toBe(true);
    expect(belongsInList(group, groups, admin)).toBe(true);
  });

  it("takes other users' tickets with show-all for admins, not for plain users", () => {
    const theirs = aTicket(1, { userId: 7 });
    expect(belongsInList(theirs, open, admin)).toBe(false);
    expect(belongsInList(theirs, { ...open, showAll: true }, admin)).toBe(true);
    expect(belongsInList(theirs, { ...open, showAll: true }, user)).toBe(false);
  });

  it("takes other users' closed tickets with allHistoric", () => {
    const closedList = { ...open, status: 'closed' as const };
    const theirs = aTicket(1, { userId: 7, status: 'closed' });
    expect(belongsInList(theirs, closedList, user)).toBe(false);
    expect(belongsInList(theirs, closedList, { ...user, allHistoric: 'enabled' })).toBe(true);
  });
});
