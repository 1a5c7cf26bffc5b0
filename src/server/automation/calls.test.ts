import type { WACallEvent } from 'baileys';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppMessageEvent } from '../../shared/realtime';
import { events } from '../../shared/realtime';
import { contacts, messages, tickets } from '../db/schema';
import { writeCompanySetting } from '../modules/settings/queries';
import { tenantDb } from '../platform/tenant';
import { aConnectedWhatsapp, aContact, aTicket, collect } from '../test/builders';
import { aCompany, aQueue, startTestServer, type TestServer } from '../test/server';
import { missedCallText } from './calls';

/* docs/behaviour.md "Calls", through a real server: only the WhatsApp socket is fake. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CALLER = '5511977776666';
const REPLY = 'Não atendemos ligações por aqui. Escreva sua mensagem, por favor.';
// 15:04 UTC is 12:04 in São Paulo, the companies' default time zone.
const AT = new Date('2025-03-01T15:04:00Z');

/** A call being offered, as Baileys 7 emits it on `call`. */
const offer = (id: string, fields: Partial<WACallEvent> = {}): WACallEvent => ({
  chatId: `${CALLER}@s.whatsapp.net`,
  from: `${CALLER}@s.whatsapp.net`,
  id,
  date: AT,
  isVideo: false,
  isGroup: false,
  offline: false,
  status: 'offer',
  ...fields,
});

async function aCompanyRefusingCalls(reply = REPLY) {
  const company = await aCompany(server);
  await writeCompanySetting(tenantDb(server.database.db, company.id), 'acceptCallWhatsapp', 'disabled');
  await writeCompanySetting(tenantDb(server.database.db, company.id), 'AcceptCallWhatsappMessage', reply);
  return company;
}

const messagesOf = (companyId: number) =>
  server.database.db
    .select()
    .from(messages)
    .where(eq(messages.companyId, companyId))
    .orderBy(asc(messages.id));

describe('a WhatsApp call', () => {
  it('is declined, logged as missed on the caller’s new ticket and answered when the company takes no calls', async () => {
    const company = await aCompanyRefusingCalls();
    const { row, socket } = await aConnectedWhatsapp(server, company.id);
    const watcher = await server.socket(company.admin.token);
    await watcher.emitWithAck('joinNotification');
    const announced = collect<AppMessageEvent>(watcher, events.appMessage(company.id));

    socket.emit('call', [offer('CALL-1')]);
    // The reply is announced once WhatsApp took it, after it was stored.
    await vi.waitFor(() =>
      expect(announced.map((e) => [e.action, 'message' in e ? e.message.body : undefined])).toEqual([
        ['create', 'Chamada de voz/vídeo perdida às 12:04'],
        ['create', REPLY],
      ]),
    );

    const [missed, reply] = await messagesOf(company.id);
    expect(missed).toMatchObject({
      wid: 'call:CALL-1',
      mediaType: 'call_log',
      body: 'Chamada de voz/vídeo perdida às 12:04',
      fromMe: false,
      createdAt: AT,
    });
    expect(reply).toMatchObject({ body: REPLY, fromMe: true, userId: null, ticketId: missed!.ticketId });
    expect(reply!.wid).toMatch(/^3EB0OUT/);
    expect(socket.calledWith('rejectCall')).toEqual([['CALL-1', `${CALLER}@s.whatsapp.net`]]);
    expect(socket.calledWith('sendMessage')).toEqual([[`${CALLER}@s.whatsapp.net`, { text: REPLY }, {}]]);

    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, missed!.ticketId));
    expect(ticket).toMatchObject({
      whatsappId: row.id,
      status: 'pending',
      unreadMessages: 1,
      lastMessage: REPLY,
    });
    const [caller] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, ticket!.contactId));
    expect(caller).toMatchObject({ number: CALLER });
  });

  it('is logged on the ticket the caller already has', async () => {
    const company = await aCompanyRefusingCalls();
    const { row, socket } = await aConnectedWhatsapp(server, company.id);
    const caller = await aContact(server, company.id, { number: CALLER });
    const going = await aTicket(server, company.id, {
      contactId: caller.id,
      whatsappId: row.id,
      status: 'open',
    });
    socket.emit('call', [offer('CALL-2')]);
    await vi.waitFor(async () => expect(await messagesOf(company.id)).toHaveLength(2));
    expect((await messagesOf(company.id)).map((m) => m.ticketId)).toEqual([going.id, going.id]);
  });

  it('is logged and answered once however often WhatsApp reports the offer', async () => {
    const company = await aCompanyRefusingCalls();
    const { socket } = await aConnectedWhatsapp(server, company.id);
    socket.emit('call', [offer('CALL-3'), offer('CALL-3', { status: 'ringing' })]);
    socket.emit('call', [offer('CALL-3')]);
    await vi.waitFor(() => expect(socket.calledWith('sendMessage')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await messagesOf(company.id)).toHaveLength(2);
    expect(socket.calledWith('sendMessage')).toHaveLength(1);
  });

  it('reaches the phone-number contact when the call comes from a lid', async () => {
    const company = await aCompanyRefusingCalls();
    const { socket } = await aConnectedWhatsapp(server, company.id);
    socket.emit('call', [
      offer('CALL-4', {
        from: '187654321098765@lid',
        chatId: '187654321098765@lid',
        callerPn: `${CALLER}@s.whatsapp.net`,
      }),
    ]);
    await vi.waitFor(async () => expect(await messagesOf(company.id)).toHaveLength(2));
    const numbers = await server.database.db
      .select({ number: contacts.number })
      .from(contacts)
      .where(eq(contacts.companyId, company.id));
    expect(numbers).toEqual([{ number: CALLER }]);
    expect(socket.calledWith('rejectCall')).toEqual([['CALL-4', '187654321098765@lid']]);
  });

  it('sets no bot going: the queue menu waits for the caller’s first message', async () => {
    const company = await aCompanyRefusingCalls();
    const queues = [await aQueue(server, company.id, 'Vendas'), await aQueue(server, company.id, 'Suporte')];
    const { socket } = await aConnectedWhatsapp(server, company.id, {
      greetingMessage: 'Escolha uma fila',
      queueIds: queues.map((q) => q.id),
    });
    socket.emit('call', [offer('CALL-5')]);
    await vi.waitFor(() => expect(socket.calledWith('sendMessage')).toHaveLength(1));
    // Time for a bot, were one set going, to answer too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.calledWith('sendMessage').map(([, content]) => content)).toEqual([{ text: REPLY }]);
  });

  it('is logged without an answer when the company wrote none', async () => {
    const company = await aCompanyRefusingCalls('');
    const { socket } = await aConnectedWhatsapp(server, company.id);
    socket.emit('call', [offer('CALL-6')]);
    await vi.waitFor(async () => expect(await messagesOf(company.id)).toHaveLength(1));
    expect(socket.calledWith('sendMessage')).toEqual([]);
  });

  it('rings on untouched when the company takes calls', async () => {
    const company = await aCompany(server);
    const { socket } = await aConnectedWhatsapp(server, company.id);
    socket.emit('call', [offer('CALL-7')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await messagesOf(company.id)).toEqual([]);
    expect(socket.calledWith('rejectCall')).toEqual([]);
    expect(socket.calledWith('sendMessage')).toEqual([]);
  });

  it('follows the settings of the connection’s own company', async () => {
    const refusing = await aCompanyRefusingCalls();
    const taking = await aCompany(server);
    const { socket } = await aConnectedWhatsapp(server, taking.id);
    socket.emit('call', [offer('CALL-8')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await messagesOf(taking.id)).toEqual([]);
    expect(
      await server.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, refusing.id))),
    ).toEqual([]);
  });
});

describe('the missed-call text', () => {
  it('tells the time on the company’s wall clock', () => {
    expect(missedCallText(AT, 'America/Sao_Paulo')).toBe('Chamada de voz/vídeo perdida às 12:04');
    expect(missedCallText(AT, 'Europe/Lisbon')).toBe('Chamada de voz/vídeo perdida às 15:04');
    expect(missedCallText(new Date('2025-03-01T03:00:00Z'), 'America/Sao_Paulo')).toBe(
      'Chamada de voz/vídeo perdida às 00:00',
    );
  });
});
