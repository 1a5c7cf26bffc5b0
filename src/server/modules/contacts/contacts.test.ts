import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Contact } from '../../../shared/api/contacts';
import { aContact } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/company-settings';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Page = { contacts: Contact[]; hasMore: boolean };

async function list(token: string, query: Record<string, unknown> = {}) {
  const res = await server.call(api.contacts.list, { query: query as never }, { token });
  expect(res.status).toBe(200);
  return res.body as Page;
}
const names = (page: Page) => page.contacts.map((c) => c.name);

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

  it('masks numbers for profile user with lgpdHideNumber, never for admins or groups', async () => {
    const company = await aCompany(server);
    await writeCompanySetting(server.database.db, company.id, 'lgpdHideNumber', 'enabled');
    const user = await aUser(server, company.id);
    const person = await aContact(server, company.id, { name: 'A person', number: '5511912345678' });
    await aContact(server, company.id, { name: 'B group', number: '120363000002@g.us', isGroup: true });
    const numbers = (page: Page) => page.contacts.map((c) => c.number);
    expect(numbers(await list(user.token))).toEqual(['***********78', '120363000002@g.us']);
    expect(numbers(await list(company.admin.token))).toEqual(['5511912345678', '120363000002@g.us']);
    const shown = await server.call(api.contacts.show, { params: { id: person.id } }, { token: user.token });
    expect(shown).toMatchObject({ status: 200, body: { number: '***********78' } });
  });

  it('shows nothing of another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const theirs = await aContact(server, a.id, { name: 'Only in A' });
    expect(await list(b.admin.token, { searchParam: 'Only in A' })).toEqual({ contacts: [], hasMore: false });
    const shown = await server.call(
      api.contacts.show,
      { params: { id: theirs.id } },
      { token: b.admin.token },
    );
    expect(shown).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });
});

describe('showing a contact', () => {
  it('answers one contact of the company to a plain user', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const contact = await aContact(server, company.id, { name: 'Carlos', number: '5511900001111' });
    const res = await server.call(api.contacts.show, { params: { id: contact.id } }, { token: user.token });
    expect(res).toMatchObject({
      status: 200,
      body: { id: contact.id, name: 'Carlos', number: '5511900001111', isGroup: false, lgpdAcceptedAt: null },
    });
  });
});
