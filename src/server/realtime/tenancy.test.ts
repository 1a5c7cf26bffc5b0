import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import type { RouteDef, RouteInput } from '../../shared/api/contract';
import { TICKET_STATUSES } from '../../shared/api/tickets';
import { events } from '../../shared/realtime';
import { aConnection, aContact, aTicket, collect, drain, testChannel } from '../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let a: Awaited<ReturnType<typeof aCompany>>;
let b: Awaited<ReturnType<typeof aCompany>>;
let aSocket: Socket;
/** Every event name A's socket heard. */
let heardByA: string[];
let bListeners: Awaited<ReturnType<typeof bListener>>[];

/**
 * A socket of company B that asked for everything it could: A's chat box, the ticket lists of every
 * status, notifications; and listens to every event of the realtime table named for A and for B.
 */
async function bListener(who: string, token: string) {
  const socket = await server.socket(token);
  const heard: Record<string, unknown[]> = {};
  for (const companyId of [a.id, b.id]) {
    for (const name of Object.values(events)) heard[name(companyId)] = collect(socket, name(companyId));
  }
  // And any event not in the table, should one be emitted outside it; drain's markers aside.
  const unlisted: [string, unknown][] = [];
  socket.onAny((name: string, payload: unknown) => {
    if (name !== 'marker' && !(name in heard)) unlisted.push([name, payload]);
  });
  const joinedAChatBox = (await socket.emitWithAck('joinChatBox', String(aTicketId))) as boolean;
  for (const status of TICKET_STATUSES) socket.emit('joinTickets', status);
  await socket.emitWithAck('joinNotification');
  return { who, socket, joinedAChatBox, heard, unlisted };
}

let aTicketId: number;

const asA = async <D extends RouteDef>(def: D, input: Partial<RouteInput<D>>) => {
  const res = await server.call(def, input, { token: a.admin.token });
  expect(res.status, `${def.method} ${def.path} as A's admin: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { id: number };
};

beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
  a = await aCompany(server);
  b = await aCompany(server);
  const queue = await aQueue(server, a.id);
  const connection = await aConnection(server, a.id, { queueIds: [queue.id] });
  const contact = await aContact(server, a.id);
  const ticket = await aTicket(server, a.id, {
    contactId: contact.id,
    whatsappId: connection.id,
    status: 'open',
    userId: a.admin.id,
  });
  aTicketId = ticket.id;
  const aUserId = (await aUser(server, a.id)).id;

  aSocket = await server.socket(a.admin.token);
  heardByA = [];
  aSocket.onAny((name: string) => heardByA.push(name));
  await aSocket.emitWithAck('joinNotification');
  expect(await aSocket.emitWithAck('joinChatBox', String(ticket.id))).toBe(true);

  bListeners = [
    await bListener('B’s admin', b.admin.token),
    await bListener('B’s user', (await aUser(server, b.id)).token),
  ];

  // Company A at work: a contact writes in, and every kind of record changes.
  await testChannel(server, connection.id).inbound({ from: contact.number, body: 'A: preciso de ajuda' });
  await asA(api.tickets.update, { params: { id: ticket.id }, body: { queueId: queue.id } });
  await asA(api.contacts.update, { params: { id: contact.id }, body: { name: 'A contact renamed' } });
  const tag = await asA(api.tags.create, { body: { name: 'A tag', color: '#123456' } });
  await asA(api.tags.update, { params: { id: tag.id }, body: { name: 'A tag renamed' } });
  await asA(api.queues.update, { params: { id: queue.id }, body: { name: 'A queue renamed' } });
  await asA(api.quickMessages.create, { body: { shortcode: 'a-hello', message: 'A: olá', geral: true } });
  await asA(api.users.update, { params: { id: aUserId }, body: { name: 'A user renamed' } });
  await asA(api.whatsapps.update, { params: { id: connection.id }, body: { name: 'A connection renamed' } });
  await asA(api.files.create, { body: { name: 'A list', message: 'A: arquivos' } });
  await asA(api.settings.updateCompanySetting, { body: { column: 'userRating', data: 'enabled' } });

  // A's own socket hears it all, so B hearing nothing says something.
  const kinds: (keyof typeof events)[] = [
    'appMessage',
    'ticket',
    'contact',
    'tag',
    'queue',
    'quickMessage',
    'user',
    'whatsapp',
    'file',
    'settings',
  ];
  await vi.waitFor(() =>
    expect(heardByA).toEqual(expect.arrayContaining(kinds.map((kind) => events[kind](a.id)))),
  );
  await drain(server, aSocket, a.id);
  // Events reach sockets in the order they were emitted: past B's marker, nothing of A's is on its way.
  for (const { socket } of bListeners) await drain(server, socket, b.id);
});

afterAll(() => server.stop());

describe('company B’s sockets while company A works', () => {
  it('are refused company A’s chat box', () => {
    for (const { who, joinedAChatBox } of bListeners) expect(joinedAChatBox, who).toBe(false);
  });

  it('hear nothing of company A, nor anything at all, after asking for A’s chat box, every ticket list and notifications', () => {
    for (const { who, heard, unlisted } of bListeners) {
      expect(
        Object.entries(heard).filter(([, payloads]) => payloads.length > 0),
        `${who} heard`,
      ).toEqual([]);
      expect(unlisted, `${who} heard`).toEqual([]);
    }
  });
});
