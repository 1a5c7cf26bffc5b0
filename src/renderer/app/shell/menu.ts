import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ApiOutlined from '@mui/icons-material/ApiOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CampaignTwoTone from '@mui/icons-material/CampaignTwoTone';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FlashOnOutlined from '@mui/icons-material/FlashOnOutlined';
import FolderCopyOutlined from '@mui/icons-material/FolderCopyOutlined';
import HelpCenterOutlined from '@mui/icons-material/HelpCenterOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RecentActorsOutlined from '@mui/icons-material/RecentActorsOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { Plan, PlanFlag } from '../../../shared/api/plans';
import type { User } from '../../../shared/api/users';
import {
  can,
  isAdmin,
  planAllows,
  seesAdminMenu,
  seesManagement,
  seesRealTime,
} from '../../../shared/permissions';

export type MenuUser = Pick<
  User,
  'profile' | 'super' | 'allUserChat' | 'showDashboard' | 'allowRealTime' | 'allowConnections'
>;

/** 1-attendance §2 "Application shell" and §6: who sees each group of the side menu. */
export type MenuGroup = 'main' | 'management' | 'admin' | 'super';

const GROUP_RULES: Record<MenuGroup, (user: MenuUser) => boolean> = {
  main: () => true,
  management: seesManagement,
  admin: seesAdminMenu,
  super: (user) => user.super,
};

export interface MenuEntry {
  path: string;
  /** Key in the shell namespace. */
  labelKey: string;
  icon: SvgIconComponent;
  group: MenuGroup;
  /** A rule narrower than the group's (an admin-group screen only real admins may open, ...). */
  onlyFor?: (user: MenuUser) => boolean;
  /** The plan feature the entry needs (2-administration §3: plan flags decide which modules exist). */
  planFlag?: PlanFlag;
  /** Something that must exist for the entry to mean anything (the help page: help entries). */
  onlyWhen?: keyof MenuContent;
}

/** What exists on the platform that some entries wait for. */
export interface MenuContent {
  helps: boolean;
}

/** The side menu, in order. A screen's issue adds its row when the screen lands. */
export const MENU: readonly MenuEntry[] = [
  // 2-administration §6: the dashboard is for admins and users with showDashboard.
  {
    path: '/',
    labelKey: 'menu.dashboard',
    icon: DashboardOutlined,
    group: 'management',
    onlyFor: (user) => can(user, 'dashboard:view'),
  },
  // 2-administration §2.12: no role gate beyond the management group; rows follow ticket visibility.
  { path: '/reports', labelKey: 'menu.reports', icon: AssessmentOutlined, group: 'management' },
  // 2-administration §2.13: hidden for a user whose allowRealTime is disabled.
  {
    path: '/moments',
    labelKey: 'menu.moments',
    icon: MonitorHeartOutlined,
    group: 'management',
    onlyFor: seesRealTime,
  },
  { path: '/tickets', labelKey: 'menu.tickets', icon: WhatsApp, group: 'main' },
  { path: '/quick-messages', labelKey: 'menu.quickMessages', icon: FlashOnOutlined, group: 'main' },
  { path: '/contacts', labelKey: 'menu.contacts', icon: ContactPhoneOutlined, group: 'main' },
  { path: '/tags', labelKey: 'menu.tags', icon: LocalOfferOutlined, group: 'main' },
  // 3-automation §6: contact lists are for admins, in plans with campaigns.
  {
    path: '/contact-lists',
    labelKey: 'menu.contactLists',
    icon: RecentActorsOutlined,
    group: 'admin',
    onlyFor: isAdmin,
    planFlag: 'useCampaigns',
  },
  // 1-attendance §2: only when the plan includes schedules.
  {
    path: '/schedules',
    labelKey: 'menu.schedules',
    icon: EventNoteOutlined,
    group: 'main',
    planFlag: 'useSchedules',
  },
  // 2-administration §2.10: only while help entries exist.
  { path: '/helps', labelKey: 'menu.helps', icon: HelpCenterOutlined, group: 'main', onlyWhen: 'helps' },
  // 2-administration §6: allowConnections makes a user act as admin here.
  { path: '/connections', labelKey: 'menu.connections', icon: DevicesOutlined, group: 'admin' },
  {
    path: '/messages-api',
    labelKey: 'menu.messagesApi',
    icon: ApiOutlined,
    group: 'admin',
    onlyFor: isAdmin,
    planFlag: 'useExternalApi',
  },
  // 3-automation §2 and §6: admins of companies whose plan has useCampaigns.
  {
    path: '/campaigns',
    labelKey: 'menu.campaigns',
    icon: CampaignTwoTone,
    group: 'admin',
    onlyFor: isAdmin,
    planFlag: 'useCampaigns',
  },
  {
    path: '/campaigns-config',
    labelKey: 'menu.campaignsConfig',
    icon: TuneOutlined,
    group: 'admin',
    onlyFor: isAdmin,
    planFlag: 'useCampaigns',
  },
  { path: '/users', labelKey: 'menu.users', icon: PeopleAltOutlined, group: 'admin', onlyFor: isAdmin },
  { path: '/queues', labelKey: 'menu.queues', icon: AccountTreeOutlined, group: 'admin', onlyFor: isAdmin },
  { path: '/files', labelKey: 'menu.files', icon: FolderCopyOutlined, group: 'admin', onlyFor: isAdmin },
  {
    path: '/financeiro',
    labelKey: 'menu.invoices',
    icon: ReceiptLongOutlined,
    group: 'admin',
    onlyFor: isAdmin,
  },
  {
    path: '/audit-logs',
    labelKey: 'menu.audit',
    icon: ManageSearchOutlined,
    group: 'admin',
    onlyFor: isAdmin,
  },
  { path: '/settings', labelKey: 'menu.settings', icon: SettingsOutlined, group: 'admin', onlyFor: isAdmin },
  { path: '/allConnections', labelKey: 'menu.allConnections', icon: HubOutlined, group: 'super' },
  { path: '/companies', labelKey: 'menu.companies', icon: BusinessOutlined, group: 'super' },
  { path: '/announcements', labelKey: 'menu.announcements', icon: CampaignOutlined, group: 'super' },
];

/** The entries this user sees with this company's plan. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  user: MenuUser,
  plan: Pick<Plan, PlanFlag> | undefined,
  content: MenuContent = { helps: false },
): MenuEntry[] {
  return entries.filter(
    (entry) =>
      GROUP_RULES[entry.group](user) &&
      (entry.onlyFor?.(user) ?? true) &&
      (entry.onlyWhen === undefined || content[entry.onlyWhen]) &&
      (entry.planFlag === undefined || planAllows(plan, entry.planFlag)),
  );
}
