import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { contacts, tickets } from '../../db/schema';
import { aConnectedWhatsapp, aConnection, aContact } from '../../test/builders';
import { aCompany, startTestServer, type TestServer } from '../../test/server';

/*
 * 1-attendance §8 ERR_WAPP_INVALID_CONTACT / ERR_WAPP_CHECK_CONTACT wherever a number is checked on
 * WhatsApp: the fake socket answers onWhatsApp as WhatsApp would.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ON_WHATSAPP = '5511988887777';
const NOT_ON_WHATSAPP = '5511900000000';
const jid = (number: string) => `${number}@s.whatsapp.net`;

/** A company with a connected WhatsApp connection on which ON_WHATSAPP exists. */
async function aCompanyOnWhatsapp() {
  const company = await aCompany(server);
  const { row, socket } = await aConnectedWhatsapp(server, company.id, { isDefault: true });
  socket.registered.set(jid(ON_WHATSAPP), jid(ON_WHATSAPP));
  return { company, connection: row, socket, token: company.admin.token };
}

/** The check itself fails, as on a socket that closes under it. */
function failing(socket: { failing: Error | undefined }) {
  socket.failing = new Error('Connection Closed');
  return () => {
    socket.failing = undefined;
  };
}

describe('saving a contact', () => {
  it('refuses a number that is not on WhatsApp and one WhatsApp could not check', async () => {
    const { socket, token } = await aCompanyOnWhatsapp();
    const create = (number: string) =>
      server.call(api.contacts.create, { body: { name: 'Bia', number } }, { token });
    expect(await create(NOT_ON_WHATSAPP)).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    const recover = failing(socket);
    expect(await create(ON_WHATSAPP)).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_CHECK_CONTACT' },
    });
    recover();
    expect(await create(ON_WHATSAPP)).toMatchObject({ status: 200, body: { number: ON_WHATSAPP } });
  });

  it('keeps the number as WhatsApp knows it', async () => {
    const { socket, token } = await aCompanyOnWhatsapp();
    // Brazil's ninth digit: typed with it, known on WhatsApp without it.
    socket.registered.set(jid('5511988881234'), jid('551188881234'));
    const res = await server.call(
      api.contacts.create,
      { body: { name: 'Rui', number: '5511988881234' } },
      { token },
    );
    expect(res).toMatchObject({ status: 200, body: { number: '551188881234' } });
  });

  it('refuses changing a contact to a number that is not on WhatsApp', async () => {
    const { company, token } = await aCompanyOnWhatsapp();
    const contact = await aContact(server, company.id, { number: ON_WHATSAPP });
    const res = await server.call(
      api.contacts.update,
      { params: { id: contact.id }, body: { name: 'Bia', number: NOT_ON_WHATSAPP } },
      { token },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    const [row] = await server.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.number).toBe(ON_WHATSAPP);
  });
});

describe('a new ticket', () => {
  const open = (token: string, contactId: number, whatsappId: number) =>
    server.call(api.tickets.create, { body: { contactId, whatsappId, status: 'open' } }, { token });

  const ticketsOf = (contactId: number) =>
    server.database.db.select().from(tickets).where(eq(tickets.contactId, contactId));

  it('is refused for a contact whose number is not on the connection’s WhatsApp', async () => {
    const { company, connection, token } = await aCompanyOnWhatsapp();
    const stranger = await aContact(server, company.id, { number: NOT_ON_WHATSAPP });
    expect(await open(token, stranger.id, connection.id)).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    expect(await ticketsOf(stranger.id)).toEqual([]);
  });

  it('is refused while WhatsApp cannot check the number', async () => {
    const { company, connection, socket, token } = await aCompanyOnWhatsapp();
    const contact = await aContact(server, company.id, { number: ON_WHATSAPP });
    const recover = failing(socket);
    try {
      expect(await open(token, contact.id, connection.id)).toMatchObject({
        status: 400,
        body: { error: 'ERR_WAPP_CHECK_CONTACT' },
      });
    } finally {
      recover();
    }
    expect(await ticketsOf(contact.id)).toEqual([]);
    expect(await open(token, contact.id, connection.id)).toMatchObject({ status: 200 });
  });

  it('opens for a group and on a connection that is not connected, unchecked', async () => {
    const { company, socket, token } = await aCompanyOnWhatsapp();
    const group = await aContact(server, company.id, { number: '120363041234567890@g.us', isGroup: true });
    const { row: groups, socket: groupSocket } = await aConnectedWhatsapp(server, company.id);
    expect(await open(token, group.id, groups.id)).toMatchObject({ status: 200 });
    const idle = await aConnection(server, company.id, { channel: 'instagram' });
    const contact = await aContact(server, company.id, { number: NOT_ON_WHATSAPP });
    expect(await open(token, contact.id, idle.id)).toMatchObject({ status: 200 });
    expect([...socket.calledWith('onWhatsApp'), ...groupSocket.calledWith('onWhatsApp')]).toEqual([]);
  });
});
