import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Contact, ContactDetail } from '../../../shared/api/contacts';
import type { ContactEvent, TicketEvent } from '../../../shared/realtime';
import { contactCustomFields, contacts, tags } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnectedWhatsapp, aConnection, aContact, aTag, collect, drain } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

type Page = { contacts: Contact[]; hasMore: boolean };
const as = (token: string) => ({ token });

async function list(token: string, query: Record<string, unknown> = {}) {
  const res = await server.call(api.contacts.list, { query: query as never }, as(token));
  expect(res.status).toBe(200);
  return res.body as Page;
}
const names = (page: Page) => page.contacts.map((c) => c.name);

const create = (token: string, body: Record<string, unknown>) =>
  server.call(api.contacts.create, { body: body as never }, as(token));
const update = (token: string, id: number, body: Record<string, unknown>) =>
  server.call(api.contacts.update, { params: { id }, body: body as never }, as(token));
const show = (token: string, id: number) => server.call(api.contacts.show, { params: { id } }, as(token));

/** A socket of `token` collecting contact and ticket events of the company. */
async function listener(token: string, companyId: number, ownCompanyId = companyId) {
  const socket = await server.socket(token);
  return {
    contacts: collect<ContactEvent>(socket, `company-${companyId}-contact`),
    tickets: collect<TicketEvent>(socket, `company-${companyId}-ticket`),
    drained: () => drain(server, socket, ownCompanyId),
  };
}

describe('listing contacts', () => {
  it('answers the company contacts by name to a plain user, 20 a page, saying whether more follow', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const name = `Contact ${String(i).padStart(2, '0')}`;
      await aContact(server, company.id, { name });
      made.push(name);
    }
    const first = await list(user.token, { pageNumber: '1' });
    expect(names(first)).toEqual(made.slice(0, 20));
    expect(first.hasMore).toBe(true);
    const second = await list(user.token, { pageNumber: '2' });
    expect(names(second)).toEqual(made.slice(20));
    expect(second.hasMore).toBe(false);
  });

  it('finds contacts by part of the name, any case, or by the digits of the number', async () => {
    const company = await aCompany(server);
    await aContact(server, company.id, { name: 'Carlos Pereira', number: '5511911112222' });
    await aContact(server, company.id, { name: 'Marcia Lopes', number: '5521933334444' });
    await aContact(server, company.id, { name: 'Ana 100%', number: '5531955556666' });
    const token = company.admin.token;
    expect(names(await list(token, { searchParam: 'carl' }))).toEqual(['Carlos Pereira']);
    expect(names(await list(token, { searchParam: 'RCI' }))).toEqual(['Marcia Lopes']);
    expect(names(await list(token, { searchParam: '+55 (21) 9333' }))).toEqual(['Marcia Lopes']);
    // A LIKE wildcard in the text is taken literally.
    expect(names(await list(token, { searchParam: '%' }))).toEqual(['Ana 100%']);
  });

  it('filters by channel and by group', async () => {
    const company = await aCompany(server);
    await aContact(server, company.id, { name: 'Person' });
    await aContact(server, company.id, { name: 'Group', number: '120363000001@g.us', isGroup: true });
    await aContact(server, company.id, { name: 'Insta', channel: 'instagram' });
    const token = company.admin.token;
    expect(names(await list(token, { isGroup: 'true' }))).toEqual(['Group']);
    expect(names(await list(token, { isGroup: 'false' }))).toEqual(['Insta', 'Person']);
    expect(names(await list(token, { channel: 'instagram' }))).toEqual(['Insta']);
  });

  it('carries each contact’s tags and keeps those with every tag of contactTag', async () => {
    const company = await aCompany(server);
    const vip = await aTag(server, company.id, 'VIP');
    const late = await aTag(server, company.id, 'Atrasado');
    const both = await aContact(server, company.id, { name: 'Both' });
    const onlyVip = await aContact(server, company.id, { name: 'Only VIP' });
    await aContact(server, company.id, { name: 'None' });
    const token = company.admin.token;
    await server.call(
      api.contacts.syncTags,
      { body: { contactId: both.id, tags: [vip.id, late.id] } },
      as(token),
    );
    await server.call(api.contacts.syncTags, { body: { contactId: onlyVip.id, tags: [vip.id] } }, as(token));

    const all = await list(token);
    expect(all.contacts.find((c) => c.name === 'Both')?.tags.map((t) => t.name)).toEqual(['Atrasado', 'VIP']);
    expect(all.contacts.find((c) => c.name === 'None')?.tags).toEqual([]);
    expect(names(await list(token, { contactTag: JSON.stringify([vip.id]) }))).toEqual(['Both', 'Only VIP']);
    expect(names(await list(token, { contactTag: JSON.stringify([vip.id, late.id]) }))).toEqual(['Both']);
  });

  it('masks numbers for profile user with lgpdHideNumber, never for admins or groups', async () => {
    const company = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const user = await aUser(server, company.id);
    const person = await aContact(server, company.id, { name: 'A person', number: '5511912345678' });
    await aContact(server, company.id, { name: 'B group', number: '120363000002@g.us', isGroup: true });
    const numbers = (page: Page) => page.contacts.map((c) => c.number);
    expect(numbers(await list(user.token))).toEqual(['***********78', '120363000002@g.us']);
    expect(numbers(await list(company.admin.token))).toEqual(['5511912345678', '120363000002@g.us']);
    expect(await show(user.token, person.id)).toMatchObject({
      status: 200,
      body: { number: '***********78' },
    });
    const all = await server.call(api.contacts.listAll, {}, as(user.token));
    expect((all.body as Contact[]).map((c) => c.number)).toEqual(['***********78', '120363000002@g.us']);
  });

  it('shows nothing of another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const theirs = await aContact(server, a.id, { name: 'Only in A' });
    expect(await list(b.admin.token, { searchParam: 'Only in A' })).toEqual({ contacts: [], hasMore: false });
    expect(await show(b.admin.token, theirs.id)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    const all = await server.call(api.contacts.listAll, {}, as(b.admin.token));
    expect(all.body).toEqual([]);
    const profile = await server.call(
      api.contacts.profile,
      { params: { number: theirs.number } },
      as(b.admin.token),
    );
    expect(profile.body).toMatchObject({ contact: null });
    const tagsOf = await server.call(
      api.contacts.tagsOf,
      { params: { contactId: theirs.id } },
      as(b.admin.token),
    );
    expect(tagsOf.status).toBe(404);
  });
});

describe('showing a contact', () => {
  it('answers one contact of the company to a plain user, with tags and extra information', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const contact = await aContact(server, company.id, { name: 'Carlos', number: '5511900001111' });
    await server.database.db.insert(contactCustomFields).values([
      { contactId: contact.id, name: 'CPF', value: '123' },
      { contactId: contact.id, name: 'Plano', value: 'Ouro' },
    ]);
    const res = await show(user.token, contact.id);
    expect(res).toMatchObject({
      status: 200,
      body: {
        id: contact.id,
        name: 'Carlos',
        number: '5511900001111',
        isGroup: false,
        lgpdAcceptedAt: null,
        tags: [],
      },
    });
    expect((res.body as ContactDetail).extraInfo.map(({ name, value }) => [name, value])).toEqual([
      ['CPF', '123'],
      ['Plano', 'Ouro'],
    ]);
  });

  it('finds a contact by a number written any way (GET /contacts/profile/:number)', async () => {
    const company = await aCompany(server);
    const contact = await aContact(server, company.id, { name: 'Rita', number: '5511912345678' });
    const res = await server.call(
      api.contacts.profile,
      { params: { number: '+55 (11) 91234-5678' } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({
      status: 200,
      body: { contact: { id: contact.id, name: 'Rita' }, profilePicUrl: null },
    });
    const unknown = await server.call(
      api.contacts.profile,
      { params: { number: '5599999999999' } },
      as(company.admin.token),
    );
    expect(unknown.body).toEqual({ contact: null, profilePicUrl: null });
  });
});

describe('creating a contact', () => {
  it('refuses invalid fields with the spec’s messages', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '5511912345678' }, 'Required'],
      [{ name: 'A', number: '5511912345678' }, 'Too Short!'],
      [{ name: 'x'.repeat(251), number: '5511912345678' }, 'Too Long!'],
      [{ name: 'Ana' }, 'Required'],
      [{ name: 'Ana', number: '(11) 1234' }, 'Too Short!'],
      [{ name: 'Ana', number: '1'.repeat(51) }, 'Too Long!'],
      [{ name: 'Ana', number: '5511912345678', email: 'not-an-email' }, 'Invalid email'],
    ];
    for (const [body, error] of cases) {
      expect(await create(token, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });
    }
    const [{ value }] = await server.database.db
      .select({ value: count() })
      .from(contacts)
      .where(eq(contacts.companyId, company.id));
    expect(value).toBe(0);
  });

  it('keeps only the digits of the number, international numbers without their trunk prefix', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const br = await create(token, {
      name: 'Brasil',
      number: '+55 (11) 91234-5678',
      email: ' ana@example.com ',
    });
    expect(br).toMatchObject({ status: 200, body: { number: '5511912345678', email: 'ana@example.com' } });
    const uk = await create(token, { name: 'London', number: '+44 (0)20 7946 0958' });
    expect(uk.body).toMatchObject({ number: '442079460958' });
    const plain = await create(token, { name: 'Plain', number: '55 21 3333-4444' });
    expect(plain.body).toMatchObject({ number: '552133334444', email: '' });
  });

  it('refuses a number the company already has, however it is written (ERR_DUPLICATED_CONTACT)', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    await aContact(server, company.id, { number: '5511912345678' });
    const again = await create(company.admin.token, { name: 'Again', number: '+55 11 91234 5678' });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    // Another company may hold the same number.
    expect((await create(other.admin.token, { name: 'Theirs', number: '5511912345678' })).status).toBe(200);
  });

  it('saves tags and extra information, and refuses another company’s tags', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const vip = await aTag(server, company.id, 'VIP');
    const foreign = await aTag(server, other.id, 'Foreign');
    const user = await aUser(server, company.id);
    const res = await create(user.token, {
      name: 'Ana',
      number: '5511912345678',
      disableBot: true,
      tags: [vip.id],
      extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        disableBot: true,
        tags: [{ id: vip.id, name: 'VIP' }],
        extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
      },
    });
    const refused = await create(user.token, { name: 'Bia', number: '5511900000000', tags: [foreign.id] });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('checks the number on a connected channel when the company has one', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const driver = server.deps.channels.connected(connection.id)!;
    const original = driver.checkNumber.bind(driver);
    driver.checkNumber = async (number) => (number.endsWith('0000') ? null : original(number));
    try {
      const refused = await create(company.admin.token, { name: 'Nobody', number: '5511900000000' });
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
      expect((await create(company.admin.token, { name: 'Somebody', number: '5511900001234' })).status).toBe(
        200,
      );
    } finally {
      driver.checkNumber = original;
    }
  });

  it('announces the contact on company-{id}-contact, masked for users under lgpdHideNumber, to its company only', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const admin = await listener(company.admin.token, company.id);
    const user = await listener((await aUser(server, company.id)).token, company.id);
    const stranger = await listener(other.admin.token, company.id, other.id);
    const res = await create(company.admin.token, { name: 'Live', number: '5511912345678' });
    const id = (res.body as ContactDetail).id;
    await admin.drained();
    await user.drained();
    await stranger.drained();
    expect(admin.contacts).toMatchObject([{ action: 'create', contact: { id, number: '5511912345678' } }]);
    expect(user.contacts).toMatchObject([{ action: 'create', contact: { id, number: '***********78' } }]);
    expect(stranger.contacts).toEqual([]);
  });
});

describe('editing a contact', () => {
  it('changes the main fields and replaces extra information and tags in one go', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const vip = await aTag(server, company.id, 'VIP');
    const late = await aTag(server, company.id, 'Atrasado');
    const created = (
      await create(user.token, {
        name: 'Ana',
        number: '5511912345678',
        tags: [vip.id],
        extraInfo: [
          { name: 'CPF', value: '1' },
          { name: 'Plano', value: 'Prata' },
        ],
      })
    ).body as ContactDetail;
    const res = await update(user.token, created.id, {
      name: 'Ana Maria',
      number: '+55 11 91234-0000',
      email: 'ana@example.com',
      disableBot: true,
      tags: [late.id],
      extraInfo: [{ name: 'Plano', value: 'Ouro' }],
      // Consent is the contact's own: no form sets it.
      lgpdAcceptedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        name: 'Ana Maria',
        number: '5511912340000',
        email: 'ana@example.com',
        disableBot: true,
        lgpdAcceptedAt: null,
        tags: [{ id: late.id }],
        extraInfo: [{ name: 'Plano', value: 'Ouro' }],
      },
    });
    // Fields left out stay as they are.
    const partial = await update(user.token, created.id, { name: 'Ana M.' });
    expect(partial.body).toMatchObject({
      name: 'Ana M.',
      tags: [{ id: late.id }],
      extraInfo: [{ name: 'Plano' }],
    });
  });

  it('changes nothing when the new number belongs to another contact', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    await aContact(server, company.id, { number: '5511900000001' });
    const ana = (
      await create(token, { name: 'Ana', number: '5511900000002', extraInfo: [{ name: 'CPF', value: '1' }] })
    ).body as ContactDetail;
    const res = await update(token, ana.id, {
      name: 'Changed',
      number: '5511900000001',
      extraInfo: [{ name: 'Other', value: '2' }],
    });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect((await show(token, ana.id)).body).toMatchObject({
      name: 'Ana',
      extraInfo: [{ name: 'CPF', value: '1' }],
    });
  });

  it('validates as creation does, and a group keeps its id as number', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const group = await aContact(server, company.id, {
      name: 'Grupo',
      number: '120363000009@g.us',
      isGroup: true,
    });
    expect(await update(token, group.id, { name: 'G' })).toMatchObject({
      status: 400,
      body: { error: 'Too Short!' },
    });
    expect(await update(token, group.id, { email: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'Invalid email' },
    });
    expect(await update(token, group.id, { extraInfo: [{ name: '', value: 'x' }] })).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
    const res = await update(token, group.id, { name: 'Grupo novo', number: '120363000009@g.us' });
    expect(res.body).toMatchObject({ name: 'Grupo novo', number: '120363000009@g.us' });
  });

  it('toggles audio acceptance and the chatbot, and blocks and unblocks', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const contact = await aContact(server, company.id);
    const params = { params: { id: contact.id } };
    const audio = await server.call(api.contacts.toggleAcceptAudio, params, as(user.token));
    expect(audio.body).toMatchObject({ acceptAudioMessage: false });
    const bot = await server.call(api.contacts.toggleDisableBot, params, as(user.token));
    expect(bot.body).toMatchObject({ disableBot: true });
    const again = await server.call(api.contacts.toggleDisableBot, params, as(user.token));
    expect(again.body).toMatchObject({ disableBot: false });
    const blocked = await server.call(
      api.contacts.block,
      { ...params, body: { active: false } },
      as(user.token),
    );
    expect(blocked.body).toMatchObject({ active: false });
    const unblocked = await server.call(
      api.contacts.block,
      { ...params, body: { active: true } },
      as(user.token),
    );
    expect(unblocked.body).toMatchObject({ active: true });
  });

  it('blocks and unblocks the number on a connected WhatsApp too', async () => {
    const company = await aCompany(server);
    const { socket } = await aConnectedWhatsapp(server, company.id);
    const contact = await aContact(server, company.id);
    const block = (active: boolean) =>
      server.call(
        api.contacts.block,
        { params: { id: contact.id }, body: { active } },
        as(company.admin.token),
      );
    expect((await block(false)).status).toBe(200);
    expect((await block(true)).status).toBe(200);
    expect(socket.calledWith('updateBlockStatus')).toEqual([
      [`${contact.number}@s.whatsapp.net`, 'block'],
      [`${contact.number}@s.whatsapp.net`, 'unblock'],
    ]);
  });

  it('never touches another company’s contact', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const theirs = await aContact(server, a.id, { name: 'Kept' });
    const token = b.admin.token;
    const params = { params: { id: theirs.id } };
    const answers = [
      await update(token, theirs.id, { name: 'Taken' }),
      await server.call(api.contacts.toggleAcceptAudio, params, as(token)),
      await server.call(api.contacts.toggleDisableBot, params, as(token)),
      await server.call(api.contacts.block, { ...params, body: { active: false } }, as(token)),
      await server.call(api.contacts.remove, params, as(token)),
      await server.call(api.contacts.syncTags, { body: { contactId: theirs.id, tags: [] } }, as(token)),
    ];
    for (const res of answers)
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    const [row] = await server.database.db.select().from(contacts).where(eq(contacts.id, theirs.id));
    expect(row).toMatchObject({ name: 'Kept', active: true, disableBot: false, acceptAudioMessage: true });
  });
});

describe('contact tags', () => {
  it('replaces a contact’s tags with POST /tags/sync and lists them with GET /contactTags/:contactId', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const vip = await aTag(server, company.id, 'VIP');
    const late = await aTag(server, company.id, 'Atrasado');
    const contact = await aContact(server, company.id);
    const sync = (tags: unknown[]) =>
      server.call(
        api.contacts.syncTags,
        { body: { contactId: contact.id, tags: tags as never } },
        as(user.token),
      );
    expect((await sync([{ id: vip.id, name: 'VIP' }, late.id])).body).toEqual({
      tags: [
        { id: late.id, name: 'Atrasado', color: late.color },
        { id: vip.id, name: 'VIP', color: vip.color },
      ],
    });
    expect((await sync([vip.id])).body).toMatchObject({ tags: [{ id: vip.id }] });
    const listed = await server.call(
      api.contacts.tagsOf,
      { params: { contactId: contact.id } },
      as(user.token),
    );
    expect(listed.body).toMatchObject({ tags: [{ id: vip.id }] });
    expect((await sync([])).body).toEqual({ tags: [] });
  });

  it('refuses tags of another company', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const foreign = await aTag(server, other.id);
    const contact = await aContact(server, company.id);
    const res = await server.call(
      api.contacts.syncTags,
      { body: { contactId: contact.id, tags: [foreign.id] } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('deleting a contact', () => {
  it('is for those with contacts-page:deleteContact (admins)', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const contact = await aContact(server, company.id);
    const res = await server.call(api.contacts.remove, { params: { id: contact.id } }, as(user.token));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await show(user.token, contact.id)).toMatchObject({ status: 200 });
  });
});

describe('importing one contact (POST /contactsImport)', () => {
  it('creates the contact, then updates it by number, with tags by name created when missing', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    await aTag(server, company.id, 'VIP');
    const first = await server.call(
      api.contacts.importOne,
      { body: { name: 'Ana', number: '+55 11 91234-5678', tags: 'vip, Novo' } },
      as(user.token),
    );
    expect(first).toMatchObject({
      status: 200,
      body: { created: true, contact: { name: 'Ana', number: '5511912345678' } },
    });
    expect((first.body as { contact: Contact }).contact.tags.map((t) => t.name)).toEqual(['Novo', 'VIP']);
    const second = await server.call(
      api.contacts.importOne,
      {
        body: {
          name: 'Ana Maria',
          number: '5511912345678',
          email: 'ana@example.com',
          validateContact: 'true',
        },
      },
      as(user.token),
    );
    expect(second.body).toMatchObject({
      created: false,
      contact: { name: 'Ana Maria', email: 'ana@example.com', tags: [{ name: 'Novo' }, { name: 'VIP' }] },
    });
    const companyTags = await server.database.db.select().from(tags).where(eq(tags.companyId, company.id));
    expect(companyTags.map((t) => t.name).sort()).toEqual(['Novo', 'VIP']);
  });

  it('refuses invalid fields with the spec’s messages', async () => {
    const company = await aCompany(server);
    const res = await server.call(
      api.contacts.importOne,
      { body: { name: 'Ana', number: '123' } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'Too Short!' } });
  });
});
