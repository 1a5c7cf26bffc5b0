import { describe, expect, it } from 'vitest';
import type { Plan, PlanFlag } from '../../../shared/api/plans';
import { MENU, type MenuEntry, type MenuUser, visibleMenu } from './menu';

const plainUser: MenuUser = {
  profile: 'user',
  super: false,
  allUserChat: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
};
const admin: MenuUser = { ...plainUser, profile: 'admin' };
const superUser: MenuUser = { ...plainUser, super: true };

const fullPlan = {
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
} satisfies Pick<Plan, PlanFlag>;

const Icon = MENU[0].icon;
const entry = (path: string, more: Partial<MenuEntry> = {}): MenuEntry => ({
  path,
  labelKey: path,
  icon: Icon,
  group: 'main',
  ...more,
});
const paths = (entries: MenuEntry[]) => entries.map((e) => e.path);

describe('the side menu of 1-attendance §2', () => {
  it('shows the dashboard to admins, tickets, quick messages, contacts and tags to everyone, connections, the messages API, users, queues, file lists, invoices, the audit log and settings to admins only, the overview of all connections, the companies and the announcements to the super user', () => {
    expect(paths(visibleMenu(MENU, admin, fullPlan))).toEqual([
      '/',
      '/reports',
      '/moments',
      '/tickets',
      '/quick-messages',
      '/contacts',
      '/tags',
      '/connections',
      '/messages-api',
      '/campaigns',
      '/campaigns-config',
      '/users',
      '/queues',
      '/files',
      '/financeiro',
      '/audit-logs',
      '/settings',
    ]);
    expect(paths(visibleMenu(MENU, superUser, fullPlan))).toEqual([
      '/',
      '/reports',
      '/moments',
      '/tickets',
      '/quick-messages',
      '/contacts',
      '/tags',
      '/connections',
      '/messages-api',
      '/campaigns',
      '/campaigns-config',
      '/users',
      '/queues',
      '/files',
      '/financeiro',
      '/audit-logs',
      '/settings',
      '/allConnections',
      '/companies',
      '/announcements',
    ]);
    expect(paths(visibleMenu(MENU, plainUser, fullPlan))).toEqual([
      '/tickets',
      '/quick-messages',
      '/contacts',
      '/tags',
    ]);
  });

  it('keeps the messages API, users, queues, invoices and settings screens from a user who acts as admin only for connections', () => {
    expect(paths(visibleMenu(MENU, { ...plainUser, allowConnections: 'enabled' }, fullPlan))).toEqual([
      '/tickets',
      '/quick-messages',
      '/contacts',
      '/tags',
      '/connections',
    ]);
  });

  it('shows the management group to admins and to users with showDashboard or allowRealTime', () => {
    const table = [entry('/reports', { group: 'management' })];
    expect(paths(visibleMenu(table, admin, fullPlan))).toEqual(['/reports']);
    expect(paths(visibleMenu(table, { ...plainUser, showDashboard: 'enabled' }, fullPlan))).toEqual([
      '/reports',
    ]);
    expect(paths(visibleMenu(table, { ...plainUser, allowRealTime: 'enabled' }, fullPlan))).toEqual([
      '/reports',
    ]);
    expect(visibleMenu(table, plainUser, fullPlan)).toEqual([]);
  });

  it('shows the dashboard entry only to those who may open it (showDashboard, not allowRealTime alone)', () => {
    expect(paths(visibleMenu(MENU, { ...plainUser, showDashboard: 'enabled' }, fullPlan))[0]).toBe('/');
    expect(paths(visibleMenu(MENU, { ...plainUser, allowRealTime: 'enabled' }, fullPlan))).not.toContain('/');
    expect(paths(visibleMenu(MENU, { ...plainUser, allowRealTime: 'enabled' }, fullPlan))).toContain(
      '/reports',
    );
  });

  it('shows the admin group to users with allowConnections', () => {
    const table = [entry('/connections', { group: 'admin' })];
    expect(paths(visibleMenu(table, { ...plainUser, allowConnections: 'enabled' }, fullPlan))).toEqual([
      '/connections',
    ]);
    expect(visibleMenu(table, plainUser, fullPlan)).toEqual([]);
  });

  it('shows super-only entries to the super user only', () => {
    const table = [entry('/companies', { group: 'super' })];
    expect(paths(visibleMenu(table, superUser, fullPlan))).toEqual(['/companies']);
    expect(visibleMenu(table, admin, fullPlan)).toEqual([]);
  });

  it('hides the campaigns from plain users and from a company whose plan lacks useCampaigns', () => {
    const campaignPaths = ['/campaigns', '/campaigns-config'];
    const shown = (user: MenuUser, plan: Pick<Plan, PlanFlag>) =>
      paths(visibleMenu(MENU, user, plan)).filter((path) => campaignPaths.includes(path));
    expect(shown(admin, fullPlan)).toEqual(campaignPaths);
    expect(shown(admin, { ...fullPlan, useCampaigns: false })).toEqual([]);
    expect(shown(plainUser, fullPlan)).toEqual([]);
  });

  it('hides the messages API from a company whose plan lacks useExternalApi', () => {
    expect(paths(visibleMenu(MENU, admin, { ...fullPlan, useExternalApi: false }))).not.toContain(
      '/messages-api',
    );
  });

  it('hides an entry whose module the company plan does not include', () => {
    const table = [entry('/kanban', { planFlag: 'useKanban' }), entry('/contacts')];
    expect(paths(visibleMenu(table, admin, { ...fullPlan, useKanban: false }))).toEqual(['/contacts']);
    expect(paths(visibleMenu(table, admin, fullPlan))).toEqual(['/kanban', '/contacts']);
    expect(paths(visibleMenu(table, admin, undefined))).toEqual(['/contacts']);
  });

  it('shows the help page only while help entries exist (2-administration §2.10)', () => {
    expect(paths(visibleMenu(MENU, plainUser, fullPlan))).not.toContain('/helps');
    expect(paths(visibleMenu(MENU, plainUser, fullPlan, { helps: false }))).not.toContain('/helps');
    expect(paths(visibleMenu(MENU, plainUser, fullPlan, { helps: true }))).toContain('/helps');
  });
});
