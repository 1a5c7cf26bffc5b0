import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type { Message } from '../../../shared/api/messages';
import type { AppMessageEvent } from '../../../shared/realtime';
import { contacts, messages, tickets, whatsapps } from '../../db/schema';
import { aConnection, aContact, collect, drain } from '../../test/builders';
import { FakeGraph, type FakePage, signWebhook } from '../../test/fake-graph';
import { aCompany, startTestServer, type TestServer } from '../../test/server';
import { WEBHOOK_PATH } from './webhook';

const APP_SECRET = 'graph-test-secret';
const VERIFY_TOKEN = 'graph-test-verify';
const APP_ID = 'atendo-app';

let server: TestServer;
const graph = new FakeGraph();
beforeAll(async () => {
  await graph.start();
  server = await startTestServer({
    graph: {
      url: graph.url,
      version: 'v21.0',
      appId: APP_ID,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
    },
  });
});
afterAll(async () => {
  await server.stop();
  await graph.stop();
});

const db = () => server.database.db;
const hex = (n = 6) => randomBytes(n).toString('hex');
const digits = () => String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function postWebhook(payload: unknown, signature?: string | null) {
  const signed = signWebhook(APP_SECRET, payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? signed.signature;
  return server.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: signed.body });
}

/** A company with a Facebook page (or its Instagram account) connected, and the page in the fake. */
async function aPageConnection(channel: 'facebook' | 'instagram' = 'facebook') {
  const company = await aCompany(server);
  const page: FakePage = {
    id: digits(),
    name: `Loja ${hex(2)}`,
    token: `page-${hex()}`,
    instagram: { id: digits(), username: `loja_${hex(2)}` },
  };
  graph.addUser({ id: digits(), token: `user-${hex()}`, pages: [page] });
  const connection = await aConnection(server, company.id, {
    channel,
    name: page.name,
    facebookPageId: page.id,
    instagramAccountId: channel === 'instagram' ? page.instagram!.id : null,
    graphToken: page.token,
  });
  await vi.waitFor(async () => expect((await connectionRow(connection.id)).status).toBe('CONNECTED'), {
    timeout: 10_000,
  });
  return { company, page, connection, account: channel === 'instagram' ? page.instagram!.id : page.id };
}

/** A company with a WhatsApp Cloud API number connected, with its templates in the fake. */
async function aCloudConnection() {
  const company = await aCompany(server);
  const phone = graph.addPhone(
    { id: digits(), token: `cloud-${hex()}`, display: '+55 11 3333-4444', wabaId: digits() },
    [
      {
        name: 'retomar_contato',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Olá {{1}}' },
          { type: 'BODY', text: 'Seu pedido {{1}} está pronto. Podemos ajudar, {{2}}?' },
          { type: 'FOOTER', text: 'Loja Centro' },
        ],
      },
      {
        name: 'aviso',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        parameter_format: 'NAMED',
        components: [{ type: 'BODY', text: 'Oi {{nome}}, temos novidades.' }],
      },
      {
        name: 'com_imagem',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Veja' },
        ],
      },
      {
        name: 'rascunho',
        language: 'pt_BR',
        status: 'PENDING',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'x' }],
      },
    ],
  );
  const connection = await aConnection(server, company.id, {
    channel: 'whatsappapi',
    name: 'Cloud',
    phoneNumberId: phone.id,
    wabaId: phone.wabaId,
    graphToken: phone.token,
  });
  await vi.waitFor(async () => expect((await connectionRow(connection.id)).status).toBe('CONNECTED'));
  return { company, phone, connection };
}

async function connectionRow(id: number) {
  return (await db().select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
}

const messagesOfCompany = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));

async function messageByWid(companyId: number, wid: string) {
  const [row] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)));
  return row;
}

async function contactOf(companyId: number, number: string) {
  const [row] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
  return row;
}

const pageWebhook = (pageId: string, messaging: object[]) => ({
  object: 'page',
  entry: [{ id: pageId, time: Date.now(), messaging }],
});
const instagramWebhook = (accountId: string, messaging: object[]) => ({
  object: 'instagram',
  entry: [{ id: accountId, time: Date.now(), messaging }],
});
const cloudWebhook = (phone: { id: string; wabaId: string; display: string }, value: object) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: phone.wabaId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: phone.display, phone_number_id: phone.id },
            ...value,
          },
        },
      ],
    },
  ],
});

/** A Messenger message event from a contact to the page. */
const fromContact = (psid: string, pageId: string, message: object, timestamp = Date.now()) => ({
  sender: { id: psid },
  recipient: { id: pageId },
  timestamp,
  message: { mid: `m_${hex(8)}`, ...message },
});

async function receiveText(page: { id: string }, psid: string, text: string, timestamp = Date.now()) {
  const event = fromContact(psid, page.id, { text }, timestamp);
  expect((await postWebhook(pageWebhook(page.id, [event]))).statusCode).toBe(200);
  return event.message.mid;
}

async function ticketOfMessage(companyId: number, wid: string) {
  const message = await messageByWid(companyId, wid);
  return (await db().select().from(tickets).where(eq(tickets.id, message!.ticketId)))[0]!;
}

describe('the webhook endpoint', () => {
  it('answers Meta’s verification challenge when the verify token matches', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
  });

  it('refuses the verification with another token', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`,
    });
    expect(res.statusCode).toBe(403);
  });

  it('stores events whose signature is good and refuses a bad or missing one', async () => {
    const { company, page } = await aPageConnection();
    graph.addProfile('9001', { first_name: 'Bia', last_name: 'Souza' });
    const payload = pageWebhook(page.id, [fromContact('9001', page.id, { text: 'assinado' })]);
    const forged = signWebhook('not-the-secret', payload).signature;
    expect((await postWebhook(payload, forged)).statusCode).toBe(401);
    expect((await postWebhook(payload, null)).statusCode).toBe(401);
    expect((await postWebhook(payload, 'sha256=zz')).statusCode).toBe(401);
    expect(await messagesOfCompany(company.id)).toEqual([]);
    expect((await postWebhook(payload)).statusCode).toBe(200);
    expect((await messagesOfCompany(company.id)).map((m) => m.body)).toEqual(['assinado']);
  });

  it('reads a webhook for a connection this server does not run, leaving its session where it is', async () => {
    const { company, page, connection } = await aPageConnection();
    await server.deps.channels.stop(connection.id);
    const status = (await connectionRow(connection.id)).status;
    const payload = pageWebhook(page.id, [fromContact(digits(), page.id, { text: 'em outro servidor' })]);
    expect((await postWebhook(payload)).statusCode).toBe(200);
    expect((await postWebhook(payload)).statusCode).toBe(200);
    expect((await messagesOfCompany(company.id)).map((m) => m.body)).toEqual(['em outro servidor']);
    expect(server.deps.channels.driverOf(connection.id)).toBeUndefined();
    expect((await connectionRow(connection.id)).status).toBe(status);
  });

  it('sends for a connection another server runs, and refuses while none does', async () => {
    const { company, page, connection } = await aPageConnection();
    const psid = digits();
    graph.addProfile(psid, { first_name: 'Rui', last_name: 'Alves' });
    const mid = await receiveText(page, psid, 'Tem entrega?');
    const ticket = await ticketOfMessage(company.id, mid);
    await server.deps.channels.stop(connection.id);
    const reply = () =>
      server.call(
        api.messages.send,
        { params: { ticketId: ticket.id }, body: { body: 'Temos!' } },
        { token: company.admin.token },
      );
    // Stopped here and run nowhere.
    expect(await reply()).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    // Another server runs it: the database says so.
    await db().update(whatsapps).set({ status: 'CONNECTED' }).where(eq(whatsapps.id, connection.id));
    expect((await reply()).status).toBe(200);
    expect(graph.sentTo(page.id).at(-1)).toEqual({
      recipient: { id: psid },
      messaging_type: 'RESPONSE',
      message: { text: 'Temos!' },
    });
    expect(server.deps.channels.driverOf(connection.id)).toBeUndefined();
  });

  it('drops events for a page no connection has, and still answers 200 so Meta stops sending them', async () => {
    const res = await postWebhook(pageWebhook('404404404', [fromContact('1', '404404404', { text: 'oi' })]));
    expect(res.statusCode).toBe(200);
  });
});

describe('Facebook messages coming in', () => {
  it('start a conversation with the sender’s profile name and picture, announced to the company', async () => {
    const { company, page, connection } = await aPageConnection();
    const psid = digits();
    graph.addProfile(psid, {
      first_name: 'Ana',
      last_name: 'Lima',
      profile_pic: 'https://cdn.example/ana.jpg',
    });
    const socket = await server.socket(company.admin.token);
    await socket.emitWithAck('joinNotification');
    const received = collect<AppMessageEvent>(socket, `company-${company.id}-appMessage`);
    const at = Date.now() - 60_000;
    const mid = await receiveText(page, psid, 'Olá, tem em azul?', at);

    const contact = await contactOf(company.id, psid);
    expect(contact).toMatchObject({
      name: 'Ana Lima',
      urlPicture: 'https://cdn.example/ana.jpg',
      channel: 'facebook',
    });
    const ticket = await ticketOfMessage(company.id, mid);
    expect(ticket).toMatchObject({
      whatsappId: connection.id,
      channel: 'facebook',
      status: 'pending',
      lastMessage: 'Olá, tem em azul?',
    });
    expect((await messageByWid(company.id, mid))!.createdAt.getTime()).toBe(at);
    await drain(server, socket, company.id);
    expect(received).toEqual([
      expect.objectContaining({
        action: 'create',
        message: expect.objectContaining({ body: 'Olá, tem em azul?' }),
      }),
    ]);
  });

  it('stores a webhook whose text carries NUL, without it, and answers 200 (no redelivery forever)', async () => {
    const { company, page } = await aPageConnection();
    const payload = pageWebhook(page.id, [fromContact(digits(), page.id, { text: 'nu\u0000l' })]);
    expect((await postWebhook(payload)).statusCode).toBe(200);
    expect((await messagesOfCompany(company.id)).map((m) => m.body)).toEqual(['nul']);
  });

  it('stores a redelivered webhook once', async () => {
    const { company, page } = await aPageConnection();
    const payload = pageWebhook(page.id, [fromContact(digits(), page.id, { text: 'de novo' })]);
    expect((await postWebhook(payload)).statusCode).toBe(200);
    expect((await postWebhook(payload)).statusCode).toBe(200);
    expect(await Promise.all([postWebhook(payload), postWebhook(payload)])).toMatchObject([
      { statusCode: 200 },
      { statusCode: 200 },
    ]);
    expect((await messagesOfCompany(company.id)).map((m) => m.body)).toEqual(['de novo']);
  });

  it('downloads attached pictures and files and keeps locations and shared links as text', async () => {
    const { company, page } = await aPageConnection();
    const psid = digits();
    const picture = graph.addFile(`foto_${hex(3)}.png`, 'image/png', PNG);
    const pdf = graph.addFile(`boleto_${hex(3)}.pdf`, 'application/pdf', Buffer.from('%PDF-1.4 fake'));
    const event = fromContact(psid, page.id, {
      attachments: [
        { type: 'image', payload: { url: picture } },
        { type: 'file', payload: { url: pdf } },
        { type: 'location', payload: { title: 'Loja', coordinates: { lat: -23.5, long: -46.6 } } },
        { type: 'fallback', payload: { url: 'https://example.com/oferta', title: 'Oferta' } },
      ],
    });
    await postWebhook(pageWebhook(page.id, [event]));
    const stored = await messagesOfCompany(company.id);
    expect(stored.map((m) => [m.wid, m.mediaType])).toEqual([
      [event.message.mid, 'image'],
      [`${event.message.mid}:2`, 'application'],
      [`${event.message.mid}:3`, 'locationMessage'],
      [`${event.message.mid}:4`, null],
    ]);
    expect(stored[2]!.body).toBe('https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Loja');
    expect(stored[3]!.body).toBe('Oferta\nhttps://example.com/oferta');
    const media = await server.app.inject({
      method: 'GET',
      url: `/api/messages/media/${stored[0]!.id}`,
      headers: { authorization: `Bearer ${company.admin.token}` },
    });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(PNG)).toBe(true);
    // The CDN link is anybody's: the page token never goes with it.
    expect(graph.calls.some((c) => c.path.includes('files/') && c.token)).toBe(false);
  });

  it('keep a reaction as a reaction to the message it answers, and a button reply as its title', async () => {
    const { company, page } = await aPageConnection();
    const psid = digits();
    const mid = await receiveText(page, psid, 'Obrigada!');
    const at = Date.now();
    await postWebhook(
      pageWebhook(page.id, [
        {
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: at,
          reaction: { mid, action: 'react', emoji: '❤️', reaction: 'love' },
        },
        {
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: at + 1,
          reaction: { mid, action: 'unreact' },
        },
        {
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: at + 2,
          postback: { mid: `m_${hex()}`, title: 'Falar com atendente', payload: 'HUMAN' },
        },
      ]),
    );
    const [, reaction, postback] = await messagesOfCompany(company.id);
    expect(reaction).toMatchObject({
      body: '❤️',
      mediaType: 'reactionMessage',
      quotedMsgId: (await messageByWid(company.id, mid))!.id,
    });
    expect(postback).toMatchObject({ body: 'Falar com atendente', mediaType: null });
  });
});

describe('what Facebook says about the messages we sent', () => {
  async function aConversationWithReplies(count: number) {
    const setup = await aPageConnection();
    const psid = digits();
    const mid = await receiveText(setup.page, psid, 'Oi');
    const ticket = await ticketOfMessage(setup.company.id, mid);
    const sent: Message[] = [];
    for (let i = 0; i < count; i++) {
      const res = await server.call(
        api.messages.send,
        { params: { ticketId: ticket.id }, body: { body: `resposta ${i}` } },
        { token: setup.company.admin.token },
      );
      expect(res.status).toBe(200);
      sent.push(res.body as Message);
    }
    return { ...setup, psid, sent };
  }

  it('raises acks for delivered message ids and for everything up to a read watermark', async () => {
    const { company, page, psid, sent } = await aConversationWithReplies(3);
    await postWebhook(
      pageWebhook(page.id, [
        {
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: Date.now(),
          delivery: { mids: [sent[0]!.wid], watermark: Date.now() },
        },
      ]),
    );
    expect((await messageByWid(company.id, sent[0]!.wid))!.ack).toBe(2);
    const secondAt = (await messageByWid(company.id, sent[1]!.wid))!.createdAt.getTime();
    await postWebhook(
      pageWebhook(page.id, [
        {
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: Date.now(),
          read: { watermark: secondAt },
        },
      ]),
    );
    const acks = await Promise.all(sent.map(async (m) => (await messageByWid(company.id, m.wid))!.ack));
    expect(acks).toEqual([3, 3, 0]);
  });

  it('drops the echoes of its own sends and keeps what a person wrote in Meta’s inbox as ours', async () => {
    const { company, page, psid, sent } = await aConversationWithReplies(1);
    const echo = (mid: string, text: string, appId?: string) => ({
      sender: { id: page.id },
      recipient: { id: psid },
      timestamp: Date.now(),
      message: { mid, text, is_echo: true, ...(appId ? { app_id: appId } : {}) },
    });
    await postWebhook(
      pageWebhook(page.id, [echo(`m_${hex()}`, 'pelo app', APP_ID), echo(sent[0]!.wid, 'resposta 0')]),
    );
    const fromSuite = `m_${hex()}`;
    await postWebhook(
      pageWebhook(page.id, [echo(fromSuite, 'escrito no Business Suite', '263902037430900')]),
    );
    const stored = await messagesOfCompany(company.id);
    expect(stored.map((m) => [m.body, m.fromMe])).toEqual([
      ['Oi', false],
      ['resposta 0', true],
      ['escrito no Business Suite', true],
    ]);
  });
});

describe('Instagram messages coming in', () => {
  it('start a conversation with the Instagram profile, and take seen receipts and unsent messages', async () => {
    const { company, page, account } = await aPageConnection('instagram');
    const igsid = digits();
    graph.addProfile(igsid, {
      name: 'Carla Dias',
      username: 'carla.d',
      profile_pic: 'https://cdn.example/carla.jpg',
    });
    const mid = `ig_${hex()}`;
    await postWebhook(
      instagramWebhook(account, [
        {
          sender: { id: igsid },
          recipient: { id: account },
          timestamp: Date.now(),
          message: { mid, text: 'Vi no story' },
        },
      ]),
    );
    expect(await contactOf(company.id, igsid)).toMatchObject({ name: 'Carla Dias', channel: 'instagram' });
    const ticket = await ticketOfMessage(company.id, mid);
    expect(ticket.channel).toBe('instagram');

    const reply = await server.call(
      api.messages.send,
      { params: { ticketId: ticket.id }, body: { body: 'Temos sim!' } },
      { token: company.admin.token },
    );
    const wid = (reply.body as Message).wid;
    expect(graph.sentTo(page.id).at(-1)).toEqual({
      recipient: { id: igsid },
      messaging_type: 'RESPONSE',
      message: { text: 'Temos sim!' },
    });
    await postWebhook(
      instagramWebhook(account, [
        { sender: { id: igsid }, recipient: { id: account }, timestamp: Date.now(), read: { mid: wid } },
      ]),
    );
    expect((await messageByWid(company.id, wid))!.ack).toBe(3);
    await postWebhook(
      instagramWebhook(account, [
        {
          sender: { id: igsid },
          recipient: { id: account },
          timestamp: Date.now(),
          message: { mid, is_deleted: true },
        },
      ]),
    );
    expect((await messageByWid(company.id, mid))!.isDeleted).toBe(true);
  });
});

describe('WhatsApp Cloud API messages coming in', () => {
  it('store texts, files, locations, contact cards, reactions and button replies with the contact’s name', async () => {
    const { company, phone } = await aCloudConnection();
    const from = `55119${digits().slice(0, 8)}`;
    graph.addMedia('media-1', phone.id, 'image/jpeg', PNG);
    const ts = String(Math.floor(Date.now() / 1000));
    const wamid = (n: number) => `wamid.${hex()}${n}`;
    const ids = [1, 2, 3, 4, 5, 6].map(wamid);
    await postWebhook(
      cloudWebhook(phone, {
        contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: from }],
        messages: [
          { from, id: ids[0], timestamp: ts, type: 'text', text: { body: 'Bom dia' } },
          {
            from,
            id: ids[1],
            timestamp: ts,
            type: 'image',
            image: { id: 'media-1', mime_type: 'image/jpeg', caption: 'a nota' },
          },
          {
            from,
            id: ids[2],
            timestamp: ts,
            type: 'location',
            location: { latitude: -22.9, longitude: -43.2, name: 'Casa' },
          },
          {
            from,
            id: ids[3],
            timestamp: ts,
            type: 'contacts',
            contacts: [
              {
                name: { formatted_name: 'João' },
                phones: [{ phone: '+55 21 99999-0000', wa_id: '5521999990000' }],
              },
            ],
          },
          {
            from,
            id: ids[4],
            timestamp: ts,
            type: 'reaction',
            reaction: { message_id: ids[0], emoji: '👍' },
          },
          {
            from,
            id: ids[5],
            timestamp: ts,
            type: 'interactive',
            context: { id: ids[0] },
            interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim, quero' } },
          },
        ],
      }),
    );
    expect(await contactOf(company.id, from)).toMatchObject({ name: 'Kerry Fisher', channel: 'whatsappapi' });
    const stored = await messagesOfCompany(company.id);
    expect(stored.map((m) => [m.body, m.mediaType])).toEqual([
      ['Bom dia', null],
      ['a nota', 'image'],
      ['https://maps.google.com/maps?q=-22.9%2C-43.2&z=17|Casa', 'locationMessage'],
      [expect.stringContaining('waid=5521999990000'), 'contactMessage'],
      ['👍', 'reactionMessage'],
      ['Sim, quero', null],
    ]);
    expect(stored[4]!.quotedMsgId).toBe(stored[0]!.id);
    expect(stored[5]!.quotedMsgId).toBe(stored[0]!.id);
    // The media id was read, then its URL, both with the number's token.
    const download = graph.calls.find((c) => c.path === 'media-1');
    expect(download?.token).toBe(phone.token);
  });

  it('turns statuses into acks that only go up, and stores a redelivery once', async () => {
    const { company, phone } = await aCloudConnection();
    const from = `55119${digits().slice(0, 8)}`;
    const incoming = cloudWebhook(phone, {
      contacts: [{ profile: { name: 'Rui' }, wa_id: from }],
      messages: [
        {
          from,
          id: `wamid.${hex()}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: 'oi' },
        },
      ],
    });
    await postWebhook(incoming);
    await postWebhook(incoming);
    const [first] = await messagesOfCompany(company.id);
    const reply = await server.call(
      api.messages.send,
      { params: { ticketId: first!.ticketId }, body: { body: 'Olá Rui' } },
      { token: company.admin.token },
    );
    const wid = (reply.body as Message).wid;
    const status = (value: string) =>
      cloudWebhook(phone, { statuses: [{ id: wid, status: value, timestamp: '1', recipient_id: from }] });
    await postWebhook(status('delivered'));
    expect((await messageByWid(company.id, wid))!.ack).toBe(2);
    await postWebhook(status('read'));
    await postWebhook(status('sent'));
    expect((await messageByWid(company.id, wid))!.ack).toBe(3);
    expect((await messagesOfCompany(company.id)).map((m) => m.body)).toEqual(['oi', 'Olá Rui']);
  });
});

describe('read receipts', () => {
  it.each([
    ['on this server', false],
    ['on another server', true],
  ])(
    'tell the Cloud API each message the attendant has read, the connection running %s',
    async (_, elsewhere) => {
      const { company, phone, connection } = await aCloudConnection();
      if (elsewhere) {
        await server.deps.channels.stop(connection.id);
        await db().update(whatsapps).set({ status: 'CONNECTED' }).where(eq(whatsapps.id, connection.id));
      }
      const from = `55119${digits().slice(0, 8)}`;
      const ts = String(Math.floor(Date.now() / 1000));
      const ids = [`wamid.${hex()}`, `wamid.${hex()}`];
      await postWebhook(
        cloudWebhook(phone, {
          contacts: [{ profile: { name: 'Rui' }, wa_id: from }],
          messages: ids.map((id) => ({ from, id, timestamp: ts, type: 'text', text: { body: id } })),
        }),
      );
      const { ticketId } = (await messageByWid(company.id, ids[0]!))!;
      const accepted = await server.call(
        api.tickets.update,
        { params: { id: ticketId }, body: { status: 'open', userId: company.admin.id } },
        { token: company.admin.token },
      );
      expect(accepted.status).toBe(200);
      await vi.waitFor(() => {
        const reads = graph.sentTo(phone.id).filter((body) => body.status === 'read');
        expect(reads.map((body) => body.message_id).sort()).toEqual([...ids].sort());
      });
    },
  );
});

describe('blocking', () => {
  it('blocks and unblocks the number on the Cloud API block list with the contact', async () => {
    const { company, phone } = await aCloudConnection();
    const contact = await aContact(server, company.id, { number: `55119${digits().slice(0, 8)}` });
    const block = (active: boolean) =>
      server.call(
        api.contacts.block,
        { params: { id: contact.id }, body: { active } },
        { token: company.admin.token },
      );
    const blockCalls = () =>
      graph.calls
        .filter((call) => call.path === `${phone.id}/block_users`)
        .map((call) => [call.method, call.body]);
    const body = { messaging_product: 'whatsapp', block_users: [{ user: contact.number }] };

    expect((await block(false)).status).toBe(200);
    expect(blockCalls()).toEqual([['POST', body]]);
    expect((await block(true)).status).toBe(200);
    expect(blockCalls()).toEqual([
      ['POST', body],
      ['DELETE', body],
    ]);
  });
});

describe('sending', () => {
  async function aFacebookTicket(channel: 'facebook' | 'instagram' = 'facebook') {
    const setup = await aPageConnection(channel);
    const psid = digits();
    const event = fromContact(psid, setup.account, { text: 'Oi' });
    await postWebhook((channel === 'facebook' ? pageWebhook : instagramWebhook)(setup.account, [event]));
    return {
      ...setup,
      psid,
      mid: event.message.mid,
      ticket: await ticketOfMessage(setup.company.id, event.message.mid),
    };
  }

  const sendFile = (token: string, ticketId: number, caption: string) => {
    const boundary = `----atendo${hex()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${caption}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return server.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  };

  it('answers on Facebook through the Send API with the page token and keeps the message id', async () => {
    const { company, page, psid, ticket } = await aFacebookTicket();
    const res = await server.call(
      api.messages.send,
      { params: { ticketId: ticket.id }, body: { body: 'Temos em azul!' } },
      { token: company.admin.token },
    );
    expect(res.status).toBe(200);
    const call = graph.calls.findLast((c) => c.path === `${page.id}/messages`)!;
    expect(call.token).toBe(page.token);
    expect(call.body).toEqual({
      recipient: { id: psid },
      messaging_type: 'RESPONSE',
      message: { text: 'Temos em azul!' },
    });
    expect((res.body as Message).wid).toMatch(/^m_/);
  });

  it('uploads a file, sends it as an attachment and the caption after it', async () => {
    const { company, page, psid, ticket } = await aFacebookTicket();
    const res = await sendFile(company.admin.token, ticket.id, 'Segue a foto');
    expect(res.statusCode).toBe(200);
    const upload = graph.calls.findLast((c) => c.path === `${page.id}/message_attachments`)!;
    expect(JSON.parse(String(upload.body.message))).toEqual({
      attachment: { type: 'image', payload: { is_reusable: false } },
    });
    expect(upload.body.platform).toBeUndefined();
    expect(upload.file).toMatchObject({ filename: 'foto.png', mimetype: 'image/png', size: PNG.length });
    expect(graph.sentTo(page.id).slice(-2)).toEqual([
      {
        recipient: { id: psid },
        messaging_type: 'RESPONSE',
        message: { attachment: { type: 'image', payload: { attachment_id: expect.any(String) } } },
      },
      { recipient: { id: psid }, messaging_type: 'RESPONSE', message: { text: 'Segue a foto' } },
    ]);
  });

  it('uploads Instagram files for the Instagram platform', async () => {
    const { company, page, ticket } = await aFacebookTicket('instagram');
    expect((await sendFile(company.admin.token, ticket.id, '')).statusCode).toBe(200);
    const upload = graph.calls.findLast((c) => c.path === `${page.id}/message_attachments`)!;
    expect(upload.body.platform).toBe('instagram');
  });

  it('reacts on Facebook with any emoji and on Instagram with a heart only', async () => {
    const fb = await aFacebookTicket();
    const driver = server.deps.channels.connected(fb.connection.id)!;
    await driver.sendReaction(fb.psid, fb.mid, '😂');
    expect(graph.sentTo(fb.page.id).at(-1)).toEqual({
      recipient: { id: fb.psid },
      sender_action: 'react',
      payload: { message_id: fb.mid, reaction: '😂' },
    });
    const ig = await aFacebookTicket('instagram');
    const igDriver = server.deps.channels.connected(ig.connection.id)!;
    await igDriver.sendReaction(ig.psid, ig.mid, '❤️');
    expect(graph.sentTo(ig.page.id).at(-1)).toMatchObject({
      sender_action: 'react',
      payload: { message_id: ig.mid, reaction: 'love' },
    });
    await expect(igDriver.sendReaction(ig.psid, ig.mid, '😂')).rejects.toThrow(/cannot react/);
  });

  it('sends Cloud API texts with the quoted message, files after uploading them, contact cards and reactions', async () => {
    const { company, phone, connection } = await aCloudConnection();
    const from = `55119${digits().slice(0, 8)}`;
    const wamid = `wamid.${hex()}`;
    await postWebhook(
      cloudWebhook(phone, {
        contacts: [{ profile: { name: 'Rui' }, wa_id: from }],
        messages: [
          {
            from,
            id: wamid,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'oi' },
          },
        ],
      }),
    );
    const received = (await messageByWid(company.id, wamid))!;
    const token = company.admin.token;
    await server.call(
      api.messages.send,
      {
        params: { ticketId: received.ticketId },
        body: { body: 'Respondendo', quotedMsg: { id: received.id } },
      },
      { token },
    );
    expect(graph.sentTo(phone.id).at(-1)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      context: { message_id: wamid },
      type: 'text',
      text: { body: 'Respondendo', preview_url: true },
    });
    expect((await sendFile(token, received.ticketId, 'Comprovante')).statusCode).toBe(200);
    const upload = graph.calls.findLast((c) => c.path === `${phone.id}/media`)!;
    expect(upload.body).toEqual({ messaging_product: 'whatsapp', type: 'image/png' });
    expect(graph.sentTo(phone.id).at(-1)).toMatchObject({
      to: from,
      type: 'image',
      image: { id: expect.any(String), caption: 'Comprovante' },
    });
    await server.call(
      api.messages.send,
      { params: { ticketId: received.ticketId }, body: { vCard: { name: 'Loja', number: '5511900001111' } } },
      { token },
    );
    expect(graph.sentTo(phone.id).at(-1)).toMatchObject({
      type: 'contacts',
      contacts: [
        { name: { formatted_name: 'Loja' }, phones: [{ phone: '+5511900001111', wa_id: '5511900001111' }] },
      ],
    });
    await server.deps.channels.connected(connection.id)!.sendReaction(from, wamid, '🙏');
    expect(graph.sentTo(phone.id).at(-1)).toMatchObject({
      type: 'reaction',
      reaction: { message_id: wamid, emoji: '🙏' },
    });
  });
});

async function connectionOfTicket(ticketId: number) {
  return (await db().select().from(tickets).where(eq(tickets.id, ticketId)))[0]!.whatsappId!;
}

describe('the 24-hour window', () => {
  it('refuses free messages to a contact who last wrote more than 24 h ago, and sends nothing', async () => {
    const { company, page } = await aPageConnection();
    const psid = digits();
    const mid = await receiveText(page, psid, 'Oi', Date.now() - 25 * 60 * 60 * 1000);
    const ticket = await ticketOfMessage(company.id, mid);
    const before = graph.sentTo(page.id).length;
    const res = await server.call(
      api.messages.send,
      { params: { ticketId: ticket.id }, body: { body: 'Ainda está aí?' } },
      { token: company.admin.token },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_REPLY_WINDOW_CLOSED' } });
    expect(graph.sentTo(page.id)).toHaveLength(before);
    // A private note goes to nobody: it is still written.
    const note = await server.call(
      api.messages.send,
      { params: { ticketId: ticket.id }, body: { body: 'cliente sumiu', isPrivate: true } },
      { token: company.admin.token },
    );
    expect(note.status).toBe(200);
    // Once the contact writes again, the window is open.
    await receiveText(page, psid, 'Voltei');
    const again = await server.call(
      api.messages.send,
      { params: { ticketId: ticket.id }, body: { body: 'Que bom!' } },
      { token: company.admin.token },
    );
    expect(again.status).toBe(200);
  });

  it('lets a Cloud API template through when the window is closed, filled in and stored as its text', async () => {
    const { company, phone } = await aCloudConnection();
    const from = `55119${digits().slice(0, 8)}`;
    const old = String(Math.floor((Date.now() - 30 * 60 * 60 * 1000) / 1000));
    const wamid = `wamid.${hex()}`;
    await postWebhook(
      cloudWebhook(phone, {
        contacts: [{ profile: { name: 'Rui' }, wa_id: from }],
        messages: [{ from, id: wamid, timestamp: old, type: 'text', text: { body: 'oi' } }],
      }),
    );
    const { ticketId } = (await messageByWid(company.id, wamid))!;
    const token = company.admin.token;
    const refused = await server.call(
      api.messages.send,
      { params: { ticketId }, body: { body: 'Oi?' } },
      { token },
    );
    expect(refused.body).toEqual({ error: 'ERR_REPLY_WINDOW_CLOSED' });

    const templates = await server.call(
      api.graph.templates,
      { params: { id: await connectionOfTicket(ticketId) } },
      { token },
    );
    expect((templates.body as { name: string }[]).map((t) => t.name)).toEqual(['retomar_contato', 'aviso']);

    const missing = await server.call(
      api.messages.sendTemplate,
      {
        params: { ticketId },
        body: { name: 'retomar_contato', language: 'pt_BR', header: ['Rui'], body: ['123'] },
      },
      { token },
    );
    expect(missing).toMatchObject({ status: 400, body: { error: 'Required' } });
    const res = await server.call(
      api.messages.sendTemplate,
      {
        params: { ticketId },
        body: { name: 'retomar_contato', language: 'pt_BR', header: ['Rui'], body: ['123', 'Rui'] },
      },
      { token },
    );
    expect(res.status).toBe(200);
    expect((res.body as Message).body).toBe(
      'Olá Rui\nSeu pedido 123 está pronto. Podemos ajudar, Rui?\nLoja Centro',
    );
    expect(graph.sentTo(phone.id).at(-1)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'template',
      template: {
        name: 'retomar_contato',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Rui' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '123' },
              { type: 'text', text: 'Rui' },
            ],
          },
        ],
      },
    });
    await server.call(
      api.messages.sendTemplate,
      { params: { ticketId }, body: { name: 'aviso', language: 'pt_BR', body: ['Rui'] } },
      { token },
    );
    expect(graph.sentTo(phone.id).at(-1)).toMatchObject({
      template: {
        name: 'aviso',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Rui', parameter_name: 'nome' }] }],
      },
    });
    const unknown = await server.call(
      api.messages.sendTemplate,
      { params: { ticketId }, body: { name: 'com_imagem', language: 'pt_BR' } },
      { token },
    );
    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEMPLATE_FOUND' } });
  });
});

describe('tenants', () => {
  it('a webhook for company A’s page never reaches company B', async () => {
    const a = await aPageConnection();
    const b = await aPageConnection();
    const socketB = await server.socket(b.company.admin.token);
    await socketB.emitWithAck('joinNotification');
    const seenByB = collect(socketB, `company-${a.company.id}-appMessage`);
    const seenByBOwn = collect(socketB, `company-${b.company.id}-appMessage`);
    await receiveText(a.page, digits(), 'para a empresa A');
    await drain(server, socketB, b.company.id);
    expect((await messagesOfCompany(a.company.id)).map((m) => m.body)).toEqual(['para a empresa A']);
    expect(await messagesOfCompany(b.company.id)).toEqual([]);
    expect(seenByB).toEqual([]);
    expect(seenByBOwn).toEqual([]);
  });

  it('one company can neither read the templates of another’s connection nor send on its tickets', async () => {
    const a = await aCloudConnection();
    const b = await aCompany(server);
    const from = `55119${digits().slice(0, 8)}`;
    const wamid = `wamid.${hex()}`;
    await postWebhook(
      cloudWebhook(a.phone, {
        contacts: [{ profile: { name: 'Rui' }, wa_id: from }],
        messages: [
          {
            from,
            id: wamid,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'oi' },
          },
        ],
      }),
    );
    const { ticketId } = (await messageByWid(a.company.id, wamid))!;
    const asB = { token: b.admin.token };
    expect(await server.call(api.graph.templates, { params: { id: a.connection.id } }, asB)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
    expect(
      await server.call(
        api.messages.sendTemplate,
        { params: { ticketId }, body: { name: 'aviso', language: 'pt_BR', body: ['x'] } },
        asB,
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await server.call(api.messages.send, { params: { ticketId }, body: { body: 'x' } }, asB),
    ).toMatchObject({ status: 404 });
  });
});
