import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { aMessage, aTicket } from '../../renderer/test/builders';
import type { Contact } from '../../shared/api/contacts';
import type { OutboxMessage } from '../../shared/ipc';
import { type CacheStore, openCacheStore } from './store';

const CACHE_MIGRATIONS = path.join(import.meta.dirname, 'migrations');

const dirs: string[] = [];
const stores: CacheStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function aFile() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-cache-'));
  dirs.push(dir);
  return path.join(dir, 'cache', 'server-1.sqlite');
}

function open(file = aFile()) {
  const store = openCacheStore(file, CACHE_MIGRATIONS);
  stores.push(store);
  return store;
}

const aContact = (id: number, name: string): Contact => ({
  id,
  name,
  number: `5511999990${id}`,
  email: '',
  urlPicture: null,
  isGroup: false,
  channel: 'whatsapp',
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  tags: [],
});

const outgoing = (clientId: string, more: Partial<OutboxMessage> = {}): OutboxMessage => ({
  clientId,
  ticketId: 7,
  ticketUuid: 'uuid-7',
  body: `text ${clientId}`,
  isPrivate: false,
  quotedMsg: null,
  ...more,
});

describe('the offline cache database', () => {
  it('is created with its tables by its own migrations, once, in a folder of its own', () => {
    const file = aFile();
    open(file).close();
    stores.pop();
    const reopened = open(file);
    expect(reopened.tickets()).toEqual([]);
    const sqlite = new Database(file, { readonly: true });
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' order by name",
      )
      .all()
      .map((row) => (row as { name: string }).name);
    const applied = sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number };
    sqlite.close();
    expect(tables).toEqual(expect.arrayContaining(['contacts', 'messages', 'outbox', 'state', 'tickets']));
    expect(applied.n).toBeGreaterThan(0);
  });

  it('keeps each ticket once, as the latest change says, latest activity first, by status', () => {
    const store = open();
    store.apply([
      { kind: 'ticket', ticket: aTicket(1, { updatedAt: '2026-01-01T10:00:00.000Z' }) },
      { kind: 'ticket', ticket: aTicket(2, { updatedAt: '2026-01-01T11:00:00.000Z', status: 'pending' }) },
      { kind: 'ticket', ticket: aTicket(1, { updatedAt: '2026-01-01T12:00:00.000Z', lastMessage: 'new' }) },
    ]);
    expect(store.tickets().map((t) => [t.id, t.lastMessage])).toEqual([
      [1, 'new'],
      [2, aTicket(2).lastMessage],
    ]);
    expect(store.tickets('pending').map((t) => t.id)).toEqual([2]);
    expect(store.ticketByUuid('uuid-1')?.lastMessage).toBe('new');
  });

  it('pages a ticket’s messages from the newest and counts them', () => {
    const store = open();
    store.apply(
      [1, 2, 3].map((id) => ({ kind: 'message' as const, message: aMessage(id), ticketUuid: 'uuid-7' })),
    );
    expect(store.messages(7, { limit: 2, offset: 0 })).toMatchObject({ count: 3 });
    expect(store.messages(7, { limit: 2, offset: 0 }).messages.map((m) => m.id)).toEqual([3, 2]);
    expect(store.messages(7, { limit: 2, offset: 2 }).messages.map((m) => m.id)).toEqual([1]);
  });

  it('takes a removed ticket away with its messages, and a removed message alone', () => {
    const store = open();
    store.apply([
      { kind: 'ticket', ticket: aTicket(7) },
      { kind: 'message', message: aMessage(1), ticketUuid: 'uuid-7' },
      { kind: 'message', message: aMessage(2), ticketUuid: 'uuid-7' },
      { kind: 'messageRemoved', messageId: 1, ticketId: 7 },
    ]);
    expect(store.messages(7, { limit: 20, offset: 0 }).messages.map((m) => m.id)).toEqual([2]);
    store.apply([{ kind: 'ticketRemoved', ticketId: 7 }]);
    expect(store.tickets()).toEqual([]);
    expect(store.messages(7, { limit: 20, offset: 0 }).count).toBe(0);
  });

  it('shows a contact’s new name on its tickets, and a read ticket without unread messages', () => {
    const store = open();
    store.apply([
      { kind: 'ticket', ticket: aTicket(3, { unreadMessages: 4 }) },
      { kind: 'contact', contact: aContact(3, 'Ana Souza') },
      { kind: 'ticketRead', ticketId: 3 },
    ]);
    expect(store.tickets()[0]).toMatchObject({ unreadMessages: 0, contact: { id: 3, name: 'Ana Souza' } });
  });

  it('remembers its place in the feed across a restart, and forgets it with the rows, but never the outbox', () => {
    const file = aFile();
    const store = open(file);
    store.savePlace('12:3', 'user|1');
    store.apply([{ kind: 'ticket', ticket: aTicket(1) }]);
    store.enqueue(outgoing('a'), 1);
    store.close();
    stores.pop();
    const again = open(file);
    expect(again.place()).toEqual({ cursor: '12:3', scope: 'user|1' });
    again.clearSynced();
    expect(again.place()).toBeNull();
    expect(again.tickets()).toEqual([]);
    expect(again.outbox().map((entry) => entry.message.clientId)).toEqual(['a']);
  });

  it('keeps the outbox in writing order with its files, per ticket, and its state and error', () => {
    const store = open();
    store.enqueue(outgoing('b'), 2);
    store.enqueue(
      outgoing('a', { file: { name: 'a.mp3', type: 'audio/mpeg', data: new Uint8Array([1, 2]) } }),
      1,
    );
    store.enqueue(outgoing('c', { ticketId: 8, ticketUuid: 'uuid-8' }), 3);
    store.setOutboxState('b', 'failed', { status: 400, body: { error: 'ERR_X' } });
    const all = store.outbox();
    expect(all.map((entry) => entry.message.clientId)).toEqual(['a', 'b', 'c']);
    expect(all[0]).toMatchObject({
      state: 'pending',
      message: { file: { name: 'a.mp3', type: 'audio/mpeg', data: new Uint8Array([1, 2]) } },
    });
    expect(all[1]).toMatchObject({ state: 'failed', error: { status: 400, body: { error: 'ERR_X' } } });
    expect(store.outbox(8).map((entry) => entry.message.clientId)).toEqual(['c']);
    store.enqueue(outgoing('b'), 9);
    expect(store.outbox(7).find((entry) => entry.message.clientId === 'b')).toMatchObject({
      state: 'pending',
      error: null,
    });
    store.removeFromOutbox('a');
    expect(store.outbox().map((entry) => entry.message.clientId)).toEqual(['b', 'c']);
  });
});
