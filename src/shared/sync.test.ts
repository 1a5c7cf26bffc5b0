import { describe, expect, it, vi } from 'vitest';
import type { SyncPage } from './api/sync';
import { changesOfEvent, createSyncClient, type SyncStore } from './sync';

function memoryStore(cursor: string | null, scope: string | null): SyncStore & { place(): unknown } {
  let place = { cursor, scope };
  return {
    cursor: () => place.cursor,
    scope: () => place.scope,
    save: (next, nextScope) => {
      place = { cursor: next, scope: nextScope };
    },
    place: () => place,
  };
}

const pageOf = (fields: Partial<SyncPage>): SyncPage => ({
  changes: [],
  cursor: '100:0',
  hasMore: false,
  behind: false,
  scope: 'scope',
  expired: false,
  ...fields,
});

describe('the sync client', () => {
  it('reloads everything and starts from now when the feed no longer reaches back to its cursor', async () => {
    const store = memoryStore('1:0', 'scope');
    const fetchPage = vi.fn(async (cursor: string | undefined) =>
      cursor === undefined ? pageOf({ cursor: '900:0' }) : pageOf({ cursor: '900:0', expired: true }),
    );
    const apply = vi.fn();
    const reset = vi.fn();
    await createSyncClient({ fetchPage, store, apply, reset }).catchUp();
    expect(reset).toHaveBeenCalledOnce();
    expect(apply).not.toHaveBeenCalled();
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual(['1:0', undefined]);
    expect(store.place()).toEqual({ cursor: '900:0', scope: 'scope' });
  });

  it('applies the pages of a cursor the feed still reaches, without reloading', async () => {
    const store = memoryStore('1:0', 'scope');
    const fetchPage = vi.fn(async () => pageOf({ cursor: '2:5' }));
    const apply = vi.fn();
    const reset = vi.fn();
    await createSyncClient({ fetchPage, store, apply, reset }).catchUp();
    expect(reset).not.toHaveBeenCalled();
    expect(apply).toHaveBeenCalledOnce();
    expect(store.place()).toEqual({ cursor: '2:5', scope: 'scope' });
  });
});

describe('live events in the feed’s terms', () => {
  it('reads the company’s ticket, message and contact events, and nothing of another company', () => {
    expect(changesOfEvent(1, 'company-1-ticket', { action: 'updateUnread', ticketId: 7 })).toEqual([
      { kind: 'ticketRead', ticketId: 7 },
    ]);
    expect(
      changesOfEvent(1, 'company-1-appMessage', { action: 'delete', messageId: 3, ticketId: 7 }),
    ).toEqual([{ kind: 'messageRemoved', messageId: 3, ticketId: 7 }]);
    expect(changesOfEvent(1, 'company-1-contact', { action: 'delete', contactId: 4 })).toEqual([
      { kind: 'contactRemoved', contactId: 4 },
    ]);
    expect(changesOfEvent(1, 'company-2-ticket', { action: 'delete', ticketId: 7 })).toEqual([]);
    expect(changesOfEvent(1, 'company-1-user', { action: 'delete', userId: 2 })).toEqual([]);
  });
});
