import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/api/users';
import type { Bridge } from '../../../shared/bridge';
import { isAdmin } from '../../../shared/permissions';
import { seesGroupTab } from '../../../shared/ticket-visibility';
import { queuesQuery } from '../queues/useQueues';
import { useTicketsUi } from './tickets-ui';
import { liveListFilters, ticketsListQuery } from './useTicketsList';

/**
 * The inbox's first data, asked for as soon as a session is there (restored or just signed in) rather than
 * once the inbox's code has loaded and rendered: an admin's queue list, then the first page of every tab
 * the open pane shows (its tabs count their lists). The inbox then mounts on the same queries. Called after
 * the transport took its place in the change feed (the session's restore and login resolve after it).
 */
export async function prefetchInbox(queryClient: QueryClient, bridge: Bridge, user: User) {
  const ui = useTicketsUi.getState();
  if (ui.pane !== 'open') return;
  // An admin picks among every queue of the company, which only the queue list tells.
  const queues = isAdmin(user) ? await queryClient.fetchQuery(queuesQuery(bridge)) : user.queues;
  const { live } = liveListFilters(user, ui, queues);
  const tabs = seesGroupTab(user) ? (['open', 'pending', 'group'] as const) : (['open', 'pending'] as const);
  await Promise.all(
    tabs.map((tab) => queryClient.prefetchInfiniteQuery(ticketsListQuery(bridge, live(tab, true)))),
  );
}
