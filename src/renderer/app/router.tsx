import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { createBrowserRouter, createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import type { PlanFlag } from '../../shared/api/plans';
import type { Bridge } from '../../shared/bridge';
import { can, seesRealTime } from '../../shared/permissions';
import ForbiddenPage from './ForbiddenPage';
import NotFoundPage from './NotFoundPage';
import { PlanGate } from './PlanGate';
import { useSession } from './session';
import Shell from './shell/Shell';
import { ShellSkeleton } from './shell/ShellSkeleton';
import { landingPath, OVERDUE_PATH, subscriptionState } from './subscription';

// Sign-in, sign-up and the overdue screen (forms, their schemas) are not part of the inbox's first paint.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const OverduePage = lazy(() => import('../features/billing/OverduePage'));
const FinancePage = lazy(() => import('../features/billing/FinancePage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));
// Admin screens are code-split so the first screen loads fast.
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const QueuesPage = lazy(() => import('../features/queues/QueuesPage'));
const FilesPage = lazy(() => import('../features/files/FilesPage'));
const ConnectionsPage = lazy(() => import('../features/connections/ConnectionsPage'));
const AllConnectionsPage = lazy(() => import('../features/connections/AllConnectionsPage'));
const QuickMessagesPage = lazy(() => import('../features/quick-messages/QuickMessagesPage'));
const TagsPage = lazy(() => import('../features/tags/TagsPage'));
const SchedulesPage = lazy(() => import('../features/schedules/SchedulesPage'));
const ContactsPage = lazy(() => import('../features/contacts/ContactsPage'));
const ContactImportPage = lazy(() => import('../features/contacts/ContactImportPage'));
const ContactListsPage = lazy(() => import('../features/contact-lists/ContactListsPage'));
const ContactListItemsPage = lazy(() => import('../features/contact-lists/ContactListItemsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const MessagesApiPage = lazy(() => import('../features/messages-api/MessagesApiPage'));
const HelpsPage = lazy(() => import('../features/helps/HelpsPage'));
const AnnouncementsPage = lazy(() => import('../features/announcements/AnnouncementsPage'));
const CompaniesPage = lazy(() => import('../features/companies/CompaniesPage'));
// The dashboard and its chart library load only when opened.
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const MomentsPage = lazy(() => import('../features/moments/MomentsPage'));
const CampaignsPage = lazy(() => import('../features/campaigns/CampaignsPage'));
const CampaignSettingsPage = lazy(() => import('../features/campaigns/CampaignSettingsPage'));
const CampaignReportPage = lazy(() => import('../features/campaigns/CampaignReportPage'));
// The inbox (and its chat, virtual lists, emoji picker) loads on first visit, or while a session is restored
// or as soon as one is there (see RequireSession): it is where an attendant goes next.
const loadTicketsPage = () => import('../features/tickets/TicketsPage');
const TicketsPage = lazy(loadTicketsPage);

interface ShellRoute {
  path: string;
  element: ReactNode;
  /** The plan module the screen belongs to (2-administration §8: otherwise access denied). */
  planFlag?: PlanFlag;
  /** The super administrator's screen: anyone else gets the access-denied text and goes to /. */
  superOnly?: true;
}

/** Screens inside the application shell. A screen's issue adds its route here and its row in menu.ts. */
const SHELL_ROUTES: ShellRoute[] = [
  { path: '/', element: <DashboardRoute /> },
  { path: '/reports', element: <ReportsPage /> },
  { path: '/moments', element: <MomentsRoute /> },
  { path: '/tickets/:ticketId?', element: <TicketsPage /> },
  { path: '/quick-messages', element: <QuickMessagesPage /> },
  { path: '/contacts', element: <ContactsPage /> },
  { path: '/contacts/import', element: <ContactImportPage /> },
  { path: '/tags', element: <TagsPage /> },
  { path: '/contact-lists', element: <ContactListsPage />, planFlag: 'useCampaigns' },
  {
    path: '/contact-lists/:contactListId/contacts',
    element: <ContactListItemsPage />,
    planFlag: 'useCampaigns',
  },
  { path: '/schedules', element: <SchedulesPage />, planFlag: 'useSchedules' },
  { path: '/helps', element: <HelpsPage /> },
  { path: '/users', element: <UsersPage /> },
  { path: '/queues', element: <QueuesPage /> },
  { path: '/files', element: <FilesPage /> },
  { path: '/connections', element: <ConnectionsPage /> },
  { path: '/allConnections', element: <AllConnectionsPage /> },
  { path: '/companies', element: <CompaniesPage />, superOnly: true },
  { path: '/announcements', element: <AnnouncementsPage />, superOnly: true },
  { path: '/financeiro', element: <FinancePage /> },
  { path: '/audit-logs', element: <AuditPage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/messages-api', element: <MessagesApiPage />, planFlag: 'useExternalApi' },
  // 3-automation §2: campaigns, their settings and report (the profile check is the screens' own).
  { path: '/campaigns', element: <CampaignsPage />, planFlag: 'useCampaigns' },
  { path: '/campaigns-config', element: <CampaignSettingsPage />, planFlag: 'useCampaigns' },
  { path: '/campaign/:campaignId/report', element: <CampaignReportPage />, planFlag: 'useCampaigns' },
  { path: '/403', element: <ForbiddenPage /> },
  // Any other address: a page that says so, inside the shell (signed-out readers go to /login first).
  { path: '*', element: <NotFoundPage /> },
];

/** 2-administration §2.11: a user with profile user and showDashboard disabled gets the 403 page. */
function DashboardRoute() {
  const user = useSession((state) => state.session?.user);
  return user && can(user, 'dashboard:view') ? <DashboardPage /> : <ForbiddenPage />;
}

/** 2-administration §2.13 and §6: the panel is for admins and users whose allowRealTime is not disabled. */
function MomentsRoute() {
  const user = useSession((state) => state.session?.user);
  return user && seesRealTime(user) ? <MomentsPage /> : <ForbiddenPage />;
}

function FullScreenLoader() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

/**
 * 1-attendance §2: private routes send signed-out users to /login. While the session is restored the
 * shell's skeleton shows, and the inbox's code loads alongside (its data: SessionBoot).
 */
function RequireSession() {
  const status = useSession((state) => state.status);
  useEffect(() => {
    if (status !== 'signedOut') void loadTicketsPage();
  }, [status]);
  if (status === 'loading') return <ShellSkeleton />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Signed-in users on public routes go home (or to the overdue screen right after login). */
function PublicOnly() {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.session?.user);
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'signedIn' && user) return <Navigate to={landingPath(user, new Date())} replace />;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * 2-administration §4.2: a company past its due date reaches only the overdue screen (the server answers
 * its other calls 402); typing another address brings it back there.
 */
function RequireCurrentSubscription() {
  return useOverdue() ? <Navigate to={OVERDUE_PATH} replace /> : <Outlet />;
}

/** The overdue screen is only for an overdue company: anyone else typing its address goes home. */
function OnlyWhenOverdue({ children }: { children: ReactNode }) {
  return useOverdue() ? children : <Navigate to="/" replace />;
}

function useOverdue() {
  const user = useSession((state) => state.session?.user);
  return Boolean(
    user && !user.super && subscriptionState(user.company.dueDate, new Date()).kind === 'overdue',
  );
}

const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        path: '/financeiro-aberto',
        element: (
          <OnlyWhenOverdue>
            <Suspense fallback={<FullScreenLoader />}>
              <OverduePage />
            </Suspense>
          </OnlyWhenOverdue>
        ),
      },
      {
        element: <RequireCurrentSubscription />,
        children: [
          {
            element: <Shell />,
            children: SHELL_ROUTES.map(({ path, element, planFlag, superOnly }) => ({
              path,
              element: (
                <PlanGate flag={planFlag} superOnly={superOnly}>
                  {element}
                </PlanGate>
              ),
            })),
          },
        ],
      },
    ],
  },
];

/** The desktop app loads its page from a file, where only hash routes work. */
export const createAppRouter = (kind: Bridge['kind']) =>
  kind === 'desktop' ? createHashRouter(routes) : createBrowserRouter(routes);
