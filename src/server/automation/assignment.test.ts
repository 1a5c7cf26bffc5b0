import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import type { ContactDetail } from '../../shared/api/contacts';
import type { TicketEvent } from '../../shared/realtime';
import type { CompanySettingKey } from '../../shared/settings';
import { contacts, queues, userQueues } from '../db/schema';
import { writeCompanySetting } from '../modules/settings/queries';
import { tenantDb } from '../platform/tenant';
import { aConnection, aContact, collect, drain } from '../test/builders';
import { aConversation, passTime } from '../test/conversation';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';
import { offeree } from './assignment';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());
beforeEach(() => server.clock.reset());

const db = () => server.database.db;
const as = (token: string) => ({ token });

async function settingsOf(companyId: number, settings: Partial<Record<CompanySettingKey, string>>) {
  for (const [key, value] of Object.entries(settings))
    await writeCompanySetting(tenantDb(db(), companyId), key as CompanySettingKey, value);
}

/** A user of the queue, online (a socket open) or not. */
async function aMember(companyId: number, queueId: number, name: string, online: boolean) {
  const user = await aUser(server, companyId, { name, queueIds: [queueId] });
  const socket = online ? await server.socket(user.token) : undefined;
  return { ...user, socket };
}

async function accept(token: string, ticketId: number, userId: number) {
  const res = await server.call(
    api.tickets.update,
    { params: { id: ticketId }, body: { status: 'open', userId } },
    as(token),
  );
  expect(res.status).toBe(200);
}

const contactRow = async (id: number) => (await db().select().from(contacts).where(eq(contacts.id, id)))[0]!;

describe('choosing whom to offer a ticket', () => {
  it('picks one of the online users for a ticket nobody has, and the next one in turn after its user', () => {
    expect(offeree([], null)).toBeUndefined();
    expect(offeree([3, 7, 9], null, () => 0.5)).toBe(7);
    expect(offeree([3, 7, 9], 7)).toBe(9);
    expect(offeree([3, 7, 9], 9)).toBe(3);
    expect(offeree([3, 9], 5)).toBe(9);
    expect(offeree([7], 7)).toBeUndefined();
  });
});

describe('wallets (DirectTicketsToWallets)', () => {
  async function aWalletContact(settings: Partial<Record<CompanySettingKey, string>>) {
    const company = await aCompany(server);
    await settingsOf(company.id, settings);
    const vendas = await aQueue(server, company.id, 'Vendas');
    const suporte = await aQueue(server, company.id, 'Suporte');
    const owner = await aUser(server, company.id, { name: 'Dono da carteira', queueIds: [vendas.id] });
    const connection = await aConnection(server, company.id, {
      greetingMessage: 'Escolha uma fila',
      queueIds: [vendas.id, suporte.id],
    });
    const contact = await aContact(server, company.id, { walletUserId: owner.id, walletQueueId: vendas.id });
    return { company, vendas, owner, connection, contact };
  }

  it("sends a wallet contact's new ticket straight to its user and queue, without the bot", async () => {
    const w = await aWalletContact({ DirectTicketsToWallets: 'enabled' });
    const c = aConversation(server, w.connection.id, w.contact.number);
    await c.say('Oi, sou cliente antigo');

    expect(await c.ticket()).toMatchObject({ status: 'pending', userId: w.owner.id, queueId: w.vendas.id });
    expect(await c.replies()).toEqual([]);
    const res = await server.call(api.tickets.list, { query: { status: 'pending' } }, as(w.owner.token));
    expect((res.body as { tickets: { id: number }[] }).tickets.map((t) => t.id)).toEqual([c.ticketId]);
  });

  it('leaves wallets alone while the company does not route to them', async () => {
    const w = await aWalletContact({ DirectTicketsToWallets: 'disabled' });
    const c = aConversation(server, w.connection.id, w.contact.number);
    await c.say('Oi');

    expect(await c.ticket()).toMatchObject({ userId: null, queueId: null });
    expect((await c.replies())[0]).toContain('Escolha uma fila');
  });

  it('puts a contact without a wallet in the wallet of the user who accepts their ticket', async () => {
    const company = await aCompany(server);
    await settingsOf(company.id, { DirectTicketsToWallets: 'enabled' });
    const queue = await aQueue(server, company.id, 'Vendas');
    const first = await aUser(server, company.id, { queueIds: [queue.id] });
    const second = await aUser(server, company.id, { queueIds: [queue.id], allUserChat: 'enabled' });
    const connection = await aConnection(server, company.id, { queueIds: [queue.id] });
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    const ticket = await c.ticket();
    expect(ticket.queueId).toBe(queue.id);

    await accept(first.token, ticket.id, first.id);
    expect(await contactRow(ticket.contactId)).toMatchObject({
      walletUserId: first.id,
      walletQueueId: queue.id,
    });

    // A wallet once taken stays: the next attendant to accept does not take it over.
    await server.call(
      api.tickets.update,
      { params: { id: ticket.id }, body: { status: 'closed' } },
      as(first.token),
    );
    await c.say('Voltei');
    const next = await c.ticket();
    expect(next).toMatchObject({ status: 'pending', userId: first.id });
    await accept(second.token, next.id, second.id);
    expect((await contactRow(ticket.contactId)).walletUserId).toBe(first.id);
  });

  it('takes nobody into a wallet while the company does not route to them', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    await accept(company.admin.token, c.ticketId, company.admin.id);
    expect((await contactRow((await c.ticket()).contactId)).walletUserId).toBeNull();
  });
});

describe('a contact’s wallet in the contact dialog', () => {
  it('is set and cleared by admins, and read by everyone with the contact', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Vendas');
    const owner = await aUser(server, company.id, { queueIds: [queue.id] });
    const contact = await aContact(server, company.id);

    const set = await server.call(
      api.contacts.update,
      { params: { id: contact.id }, body: { walletUserId: owner.id, walletQueueId: queue.id } },
      as(company.admin.token),
    );
    expect(set.status).toBe(200);
    expect(set.body as ContactDetail).toMatchObject({ walletUserId: owner.id, walletQueueId: queue.id });
    const shown = await server.call(api.contacts.show, { params: { id: contact.id } }, as(owner.token));
    expect(shown.body as ContactDetail).toMatchObject({ walletUserId: owner.id, walletQueueId: queue.id });

    const cleared = await server.call(
      api.contacts.update,
      { params: { id: contact.id }, body: { walletUserId: null } },
      as(company.admin.token),
    );
    expect(cleared.body as ContactDetail).toMatchObject({ walletUserId: null, walletQueueId: null });
  });

  it('may not be changed by a user who is not an admin', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const contact = await aContact(server, company.id);
    const res = await server.call(
      api.contacts.update,
      { params: { id: contact.id }, body: { name: 'Novo nome', walletUserId: user.id } },
      as(user.token),
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await contactRow(contact.id)).toMatchObject({ walletUserId: null, name: contact.name });
  });

  it('refuses a user or a queue of another company', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const foreignQueue = await aQueue(server, other.id);
    const contact = await aContact(server, company.id);
    const byUser = await server.call(
      api.contacts.update,
      { params: { id: contact.id }, body: { walletUserId: other.admin.id } },
      as(company.admin.token),
    );
    expect(byUser).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const byQueue = await server.call(
      api.contacts.update,
      {
        params: { id: contact.id },
        body: { walletUserId: company.admin.id, walletQueueId: foreignQueue.id },
      },
      as(company.admin.token),
    );
    expect(byQueue.status).toBe(404);
    expect((await contactRow(contact.id)).walletUserId).toBeNull();
  });
});

describe('a random online attendant (userRandom)', () => {
  async function aQueueWithMembers(settings: Partial<Record<CompanySettingKey, string>>) {
    const company = await aCompany(server);
    await settingsOf(company.id, settings);
    const queue = await aQueue(server, company.id, 'Vendas');
    const connection = await aConnection(server, company.id, { queueIds: [queue.id] });
    return { company, queue, connection };
  }

  it('gives a ticket that lands in a queue to an online user of that queue, never an offline one', async () => {
    const { company, queue, connection } = await aQueueWithMembers({ userRandom: 'enabled' });
    const online = await aMember(company.id, queue.id, 'Online', true);
    await aMember(company.id, queue.id, 'Offline 1', false);
    await aMember(company.id, queue.id, 'Offline 2', false);
    const elsewhere = await aUser(server, company.id, { name: 'Other queue' });
    await server.socket(elsewhere.token);

    const updates = collect<TicketEvent>(online.socket!, `company-${company.id}-ticket`);
    for (let i = 0; i < 3; i++) {
      const c = aConversation(server, connection.id);
      await c.say('Oi');
      await server.deps.jobs.runDue();
      expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: queue.id, userId: online.id });
    }
    // The chosen user sees each ticket become theirs as it happens.
    await drain(server, online.socket!, company.id);
    const mine = updates.filter((e) => e.action === 'update' && e.ticket.user?.id === online.id);
    expect(mine).toHaveLength(3);
  });

  it("offers nobody a ticket while the queue's options still ask the contact, and offers it once they hand it over", async () => {
    const { company, queue, connection } = await aQueueWithMembers({ userRandom: 'enabled' });
    const saved = await server.call(
      api.queues.update,
      {
        params: { id: queue.id },
        body: {
          greetingMessage: 'Vendas: escolha uma opção.',
          chatbots: [
            { name: 'Pedidos', greetingMessage: 'Um atendente já vai ver seu pedido.' },
            { name: 'Trocas', greetingMessage: 'Trocas em até 7 dias.' },
          ],
        },
      },
      as(company.admin.token),
    );
    expect(saved.status).toBe(200);
    const online = await aMember(company.id, queue.id, 'Online', true);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    await server.deps.jobs.runDue();
    expect(await c.ticket()).toMatchObject({ queueId: queue.id, isBot: true, userId: null });
    expect(await c.timers()).toEqual([]);

    await c.say('1');
    await server.deps.jobs.runDue();
    expect(await c.ticket()).toMatchObject({ queueId: queue.id, isBot: false, userId: online.id });
  });

  it('leaves the ticket waiting in the queue when nobody of it is online', async () => {
    const { company, queue, connection } = await aQueueWithMembers({ userRandom: 'enabled' });
    await aMember(company.id, queue.id, 'Offline', false);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    await server.deps.jobs.runDue();
    expect(await c.ticket()).toMatchObject({ queueId: queue.id, userId: null });
    expect(await c.timers()).toEqual([]);
  });

  it('chooses nobody while the setting is off', async () => {
    const { company, queue, connection } = await aQueueWithMembers({ userRandom: 'disabled' });
    await aMember(company.id, queue.id, 'Online', true);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    expect(await c.timers()).toEqual([]);
    await server.deps.jobs.runDue();
    expect((await c.ticket()).userId).toBeNull();
  });

  it('never gives a ticket to a user of another company, whatever links them to the queue', async () => {
    const { queue, connection } = await aQueueWithMembers({ userRandom: 'enabled' });
    const other = await aCompany(server);
    const intruder = await aUser(server, other.id, { name: 'Intruder' });
    await db().insert(userQueues).values({ userId: intruder.id, queueId: queue.id });
    await server.socket(intruder.token);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    await server.deps.jobs.runDue();
    expect((await c.ticket()).userId).toBeNull();
  });
});

describe('queue rotation (ativarRoteador, tempoRoteador)', () => {
  async function aRotatingQueue() {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Vendas');
    await db().update(queues).set({ ativarRoteador: true, tempoRoteador: 2 }).where(eq(queues.id, queue.id));
    const connection = await aConnection(server, company.id, { queueIds: [queue.id] });
    return { company, queue, connection };
  }

  it('passes a waiting ticket to the next online user of the queue every tempoRoteador minutes', async () => {
    const { company, queue, connection } = await aRotatingQueue();
    const ana = await aMember(company.id, queue.id, 'Ana', true);
    const bia = await aMember(company.id, queue.id, 'Bia', true);
    const offline = await aMember(company.id, queue.id, 'Caio', false);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    await server.deps.jobs.runDue();
    const first = (await c.ticket()).userId;
    expect([ana.id, bia.id]).toContain(first);
    const second = first === ana.id ? bia.id : ana.id;

    await passTime(server, { minutes: 1 });
    expect((await c.ticket()).userId).toBe(first);
    await passTime(server, { minutes: 1 });
    expect((await c.ticket()).userId).toBe(second);
    await passTime(server, { minutes: 2 });
    expect((await c.ticket()).userId).toBe(first);
    expect((await c.ticket()).userId).not.toBe(offline.id);
    expect((await c.ticket()).status).toBe('pending');

    const holder = first === ana.id ? ana : bia;
    await accept(holder.token, c.ticketId, holder.id);
    expect(await c.timers()).toEqual([]);
    await passTime(server, { minutes: 10 });
    expect(await c.ticket()).toMatchObject({ status: 'open', userId: holder.id });
  });

  it('keeps the ticket with its user while nobody else of the queue is online', async () => {
    const { company, queue, connection } = await aRotatingQueue();
    const ana = await aMember(company.id, queue.id, 'Ana', true);
    await aMember(company.id, queue.id, 'Bia', false);
    const c = aConversation(server, connection.id);
    await c.say('Oi');
    await server.deps.jobs.runDue();
    expect((await c.ticket()).userId).toBe(ana.id);
    await passTime(server, { minutes: 6 });
    expect((await c.ticket()).userId).toBe(ana.id);
    expect(await c.timers()).toEqual(['offer']);
  });

  it("does not rotate a wallet contact's ticket away from its owner", async () => {
    const { company, queue, connection } = await aRotatingQueue();
    await settingsOf(company.id, { DirectTicketsToWallets: 'enabled' });
    const owner = await aMember(company.id, queue.id, 'Owner', false);
    await aMember(company.id, queue.id, 'Online', true);
    const contact = await aContact(server, company.id, { walletUserId: owner.id, walletQueueId: queue.id });
    const c = aConversation(server, connection.id, contact.number);
    await c.say('Oi');
    await passTime(server, { minutes: 10 });
    expect((await c.ticket()).userId).toBe(owner.id);
  });
});
