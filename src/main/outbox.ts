import { api } from '../shared/api';
import type { Message } from '../shared/api/messages';
import { ApiError, type OutboxChange, type OutboxEntry, type OutboxOutcome } from '../shared/bridge';
import type { IpcRequest, OutboxMessage } from '../shared/ipc';
import { sendInputOf } from '../shared/outbox';
import type { CacheStore } from './cache/store';

export interface OutboxOptions {
  /** The open cache (none while signed out). */
  store(): CacheStore | null;
  /** A contract route through the session. */
  request(request: IpcRequest): Promise<unknown>;
  /** Tells the renderer about messages sent or refused later. */
  push(change: OutboxChange): void;
  now?(): number;
  log?(message: string, error?: unknown): void;
}

export interface Outbox {
  send(message: OutboxMessage): Promise<OutboxOutcome>;
  pending(ticketId: number): OutboxEntry[];
  discard(clientId: string): void;
  /** Sends what waits, oldest first, until the connection fails again. */
  flush(): Promise<void>;
  /** Whether messages are going out now (an update waits for them: updater.ts). */
  sending(): boolean;
}

/** A failure that is the connection's, not the server's answer: the message waits for the next try. */
const unreachable = (err: unknown) => err instanceof ApiError && err.status === 0;

function requestOf(message: OutboxMessage): IpcRequest {
  const { params, body, files } = sendInputOf(message);
  return {
    method: api.messages.send.method,
    path: api.messages.send.path,
    // An outbox message carries its file as bytes, as ipc does.
    input: { params, body, files: files?.map((file) => ({ ...file, data: file.data as Uint8Array })) },
  };
}

/**
 * The desktop's outbox: every message the user writes is stored first (with its client id) and sent in
 * writing order; one the server cannot be reached for stays pending, through restarts, until the
 * connection is back. The server stores a client id once, so a send whose answer was lost and is sent
 * again still makes one message; one refused by the server waits for the user to retry or discard it.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  let flushing: Promise<void> | null = null;
  let again = false;
  const outcomes = new Map<string, (outcome: OutboxOutcome | { error: unknown }) => void>();

  async function sendOne(store: CacheStore, entry: OutboxEntry): Promise<boolean> {
    const { clientId, ticketUuid } = entry.message;
    const settle = outcomes.get(clientId);
    outcomes.delete(clientId);
    try {
      const message = (await options.request(requestOf(entry.message))) as Message;
      store.removeFromOutbox(clientId);
      if (settle) settle({ state: 'sent', message });
      else options.push({ clientId, ticketUuid, state: 'sent', message });
      return true;
    } catch (err) {
      if (unreachable(err)) {
        settle?.({ state: 'pending' });
        return false;
      }
      const error =
        err instanceof ApiError ? { status: err.status, body: err.body } : { status: 500, body: null };
      if (!(err instanceof ApiError)) log('an outbox message could not be sent', err);
      store.setOutboxState(clientId, 'failed', error);
      if (settle) settle({ error: err });
      else options.push({ clientId, ticketUuid, state: 'failed', error });
      return true;
    }
  }

  async function drain() {
    const store = options.store();
    if (!store) return;
    for (const entry of store.outbox()) {
      if (entry.state !== 'pending' || (await sendOne(store, entry))) continue;
      // The connection is down again: the rest wait, in order, for the next time, and so does whoever
      // is waiting for an answer.
      for (const settle of outcomes.values()) settle({ state: 'pending' });
      outcomes.clear();
      return;
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  return {
    async send(message) {
      const store = options.store();
      if (!store) throw new ApiError(401, { error: 'ERR_SESSION_EXPIRED' });
      store.enqueue(message, now());
      const outcome = new Promise<OutboxOutcome | { error: unknown }>((resolve) => {
        outcomes.set(message.clientId, resolve);
      });
      void flush();
      const result = await outcome;
      if ('error' in result) throw result.error;
      return result;
    },
    pending: (ticketId) => options.store()?.outbox(ticketId) ?? [],
    discard: (clientId) => options.store()?.removeFromOutbox(clientId),
    flush,
    sending: () => flushing !== null,
  };
}
