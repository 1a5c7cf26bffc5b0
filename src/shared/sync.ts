import type { SessionUser } from './api/auth';
import type { SyncChange, SyncPage } from './api/sync';
import { events, matches } from './realtime';

/** What decides which tickets a user sees and how (1-attendance §6): profile, queues, flags, masking. */
export interface ViewScopeInput {
  profile: string;
  super: boolean;
  queueIds: readonly number[];
  allTicket: string;
  allowGroup: boolean;
  allHistoric: string | null;
  allUserChat: string;
  hideNumbers: boolean;
}

/**
 * The caller's visibility scope as one text, computed alike by the server (from the actor) and the
 * clients (from the session): when it changes, the tickets a client holds were chosen by other rules.
 */
export function viewScope(input: ViewScopeInput): string {
  const queues = [...new Set(input.queueIds)].sort((a, b) => a - b).join(',');
  return [
    input.profile,
    input.super ? 'super' : '',
    queues,
    input.allTicket,
    input.allowGroup ? 'groups' : '',
    input.allHistoric ?? '',
    input.allUserChat,
    input.hideNumbers ? 'masked' : '',
  ].join('|');
}

/** A signed-in user's scope, as the clients know it. */
export const sessionViewScope = (user: SessionUser) =>
  viewScope({
    ...user,
    queueIds: user.queues.map((queue) => queue.id),
    hideNumbers: user.company.companieSettings.lgpdHideNumber === 'enabled',
  });

/** What a catch-up hands to the renderer: changes to apply, or everything held is to be reloaded. */
export type SyncEvent = { kind: 'changes'; changes: SyncChange[] } | { kind: 'reset' };

/** A change as clients apply it: the feed's, or a ticket read (its unread count back to 0), which only live events tell. */
export type LiveChange = SyncChange | { kind: 'ticketRead'; ticketId: number };

/** The row a change is about. */
function keyOf(change: LiveChange): string {
  switch (change.kind) {
    case 'ticket':
      return `ticket:${change.ticket.id}`;
    case 'ticketRemoved':
    case 'ticketRead':
      return `ticket:${change.ticketId}`;
    case 'message':
      return `message:${change.message.id}`;
    case 'messageRemoved':
      return `message:${change.messageId}`;
    case 'contact':
      return `contact:${change.contact.id}`;
    case 'contactRemoved':
      return `contact:${change.contactId}`;
  }
}

/** The company's live events of 1-attendance §7 (ticket, appMessage, contact) as feed changes. */
export function changesOfEvent(companyId: number, event: string, payload: unknown): LiveChange[] {
  if (matches(events.ticket(companyId), event, payload)) {
    if (payload.action === 'update') return [{ kind: 'ticket', ticket: payload.ticket }];
    if (payload.action === 'delete') return [{ kind: 'ticketRemoved', ticketId: payload.ticketId }];
    return [{ kind: 'ticketRead', ticketId: payload.ticketId }];
  }
  if (matches(events.appMessage(companyId), event, payload)) {
    if (payload.action === 'delete')
      return [{ kind: 'messageRemoved', messageId: payload.messageId, ticketId: payload.ticketId }];
    return [
      { kind: 'message', message: payload.message, ticketUuid: payload.ticket.uuid },
      { kind: 'ticket', ticket: payload.ticket },
    ];
  }
  if (matches(events.contact(companyId), event, payload)) {
    return payload.action === 'delete'
      ? [{ kind: 'contactRemoved', contactId: payload.contactId }]
      : [{ kind: 'contact', contact: payload.contact }];
  }
  return [];
}

/** Where a client keeps its place in the feed: memory in a browser, the offline cache on the desktop. */
export interface SyncStore {
  cursor(): string | null;
  scope(): string | null;
  save(cursor: string, scope: string): void;
}

export interface SyncClientOptions {
  /** GET /sync/changes: from `cursor`, or the cursor of now without one. */
  fetchPage(cursor: string | undefined): Promise<SyncPage>;
  store: SyncStore;
  /** Applies a page's changes to the client's copies (those a live event did not overtake). */
  apply(changes: SyncChange[]): void | Promise<void>;
  /** The caller's scope changed: every ticket, message and contact held (and the place) is to be forgotten. */
  reset(): void | Promise<void>;
  /** Waits before asking again when the server holds changes back (tests pass a quicker one). */
  wait?(ms: number): Promise<void>;
}

/**
 * How long to wait, one after the other, while the server says changes wait behind a transaction still
 * running: about a minute in all, after which the next reconnection catches up.
 */
const BEHIND_RETRIES_MS = [100, 250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000];

export interface SyncClient {
  /** Takes the cursor of now unless one is kept: call it before loading lists, so nothing falls between. */
  begin(): Promise<void>;
  /** Reads and applies every change after the cursor; calls made meanwhile run once more afterwards. */
  catchUp(): Promise<void>;
  /**
   * A live event of the company arrived: while a catch-up runs, the rows it carries are newer than the
   * pages read.
   */
  noteEvent(companyId: number, event: string, payload: unknown): void;
}

/**
 * The client half of the change feed. Live events and catch-up pages can cross: a page read before an
 * event arrived may be older than it, so rows touched by events during a catch-up are left to the events
 * (every later change of those rows brings its own event, or the next catch-up).
 */
export function createSyncClient(options: SyncClientOptions): SyncClient {
  const { store } = options;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let touched: Set<string> | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function takeHead() {
    const page = await options.fetchPage(undefined);
    store.save(page.cursor, page.scope);
  }

  /** Reads every page from the cursor; answers whether changes are still held back. */
  async function pass(): Promise<boolean> {
    let cursor = store.cursor();
    if (!cursor) {
      await takeHead();
      return false;
    }
    touched = new Set();
    try {
      for (;;) {
        const page = await options.fetchPage(cursor);
        if (page.expired || page.scope !== store.scope()) {
          // Other rules chose what is held, or the feed after the cursor is not whole: reload it all
          // and start over from now (the socket is up, so live events cover the moment in between).
          await options.reset();
          await takeHead();
          return false;
        }
        const seen = touched;
        await options.apply(page.changes.filter((change) => !seen.has(keyOf(change))));
        store.save(page.cursor, page.scope);
        cursor = page.cursor;
        if (!page.hasMore) return page.behind;
      }
    } finally {
      touched = null;
    }
  }

  function catchUp(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          let behind = await pass();
          for (const ms of BEHIND_RETRIES_MS) {
            if (!behind) break;
            await wait(ms);
            behind = await pass();
          }
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    async begin() {
      if (!store.cursor()) await takeHead();
    },
    catchUp,
    noteEvent(companyId, event, payload) {
      if (!touched) return;
      for (const change of changesOfEvent(companyId, event, payload)) touched.add(keyOf(change));
    },
  };
}
