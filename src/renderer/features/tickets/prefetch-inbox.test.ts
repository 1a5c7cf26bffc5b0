import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '../../../shared/api/contract';
import { api } from '../../../shared/api/index';
import type { Bridge } from '../../../shared/bridge';
import { aUser } from '../../test/builders';
import { prefetchInbox } from './prefetch-inbox';
import { ticketsKeys } from './tickets-cache';
import { liveListFilters } from './useTicketsList';

const emptyPage = { tickets: [], count: 0, hasMore: false };

/** A transport that records what is asked, answering the queue list when the test says so. */
function aBridge() {
  let answerQueues: (queues: { id: number; name: string; color: string }[]) => void = () => undefined;
  const queues = new Promise((resolve) => {
    answerQueues = resolve;
  });
  const asked: { path: string; query?: Record<string, unknown> }[] = [];
  const request = vi.fn(async (def: RouteDef, input: { query?: Record<string, unknown> }) => {
    asked.push({ path: def.path, query: input.query });
    return def.path === api.queues.list.path ? queues : emptyPage;
  });
  return { bridge: { kind: 'web', request } as unknown as Bridge, asked, answerQueues };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const listsAsked = (asked: { path: string; query?: Record<string, unknown> }[]) =>
  asked.filter((a) => a.path === api.tickets.list.path).map((a) => a.query?.status);

describe('the inbox asked for at sign-in (start-up without a waterfall)', () => {
  it('asks for a user’s first list pages at once: nothing to wait for, no queue list', async () => {
    const { bridge, asked } = aBridge();
    const user = aUser(7, { queues: [{ id: 3, name: 'Vendas', color: '#000' }] });
    const queryClient = new QueryClient();
    void prefetchInbox(queryClient, bridge, user);
    await flush();
    expect(asked.map((a) => a.path)).not.toContain(api.queues.list.path);
    expect(listsAsked(asked).sort()).toEqual(['open', 'pending']);
    // The inbox mounts on the same queries: their first pages are already there.
    const { live } = liveListFilters(
      user,
      { selectedQueueIds: null, showAll: false, sort: 'DESC' },
      user.queues,
    );
    expect(queryClient.getQueryData(ticketsKeys.list(live('open', true)))).toBeDefined();
  });

  it('asks for an admin’s lists as soon as the queue list answers, with every queue', async () => {
    const { bridge, asked, answerQueues } = aBridge();
    const admin = aUser(1, { profile: 'admin' });
    void prefetchInbox(new QueryClient(), bridge, admin);
    await flush();
    expect(asked.map((a) => a.path)).toEqual([api.queues.list.path]);
    answerQueues([
      { id: 4, name: 'Suporte', color: '#111' },
      { id: 5, name: 'Vendas', color: '#222' },
    ]);
    await flush();
    expect(listsAsked(asked).sort()).toEqual(['open', 'pending']);
    expect(asked.find((a) => a.path === api.tickets.list.path)?.query?.queueIds).toBe('[4,5]');
  });
});
