import { describe, expect, it } from 'vitest';
import type { Contact, ContactDetail } from '../../../shared/api/contacts';
import { applyContactEvent, type ContactsList, flattenContacts, matchesFilters } from './contacts-cache';

const vip = { id: 1, name: 'VIP', color: '#f00' };
const contact = (id: number, name: string, more: Partial<Contact> = {}): Contact => ({
  id,
  name,
  number: `55119000000${id}`,
  email: '',
  urlPicture: null,
  isGroup: false,
  channel: 'whatsapp',
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  tags: [],
  ...more,
});
const listOf = (...pages: Contact[][]): ContactsList => ({
  pages: pages.map((contacts, i) => ({ contacts, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});
const names = (list: ContactsList) => flattenContacts(list).map((c) => c.name);
const detail = (c: Contact): ContactDetail => ({
  ...c,
  extraInfo: [],
  walletUserId: null,
  walletQueueId: null,
});
const noFilters = { searchParam: '', tagIds: [] };

describe('the cached contact lists', () => {
  it('match the server’s search: name in any case, number by digits, every tag', () => {
    const ana = contact(1, 'Ana Souza', { tags: [vip] });
    expect(matchesFilters(ana, { searchParam: 'SOUZA', tagIds: [] })).toBe(true);
    expect(matchesFilters(ana, { searchParam: '(11) 900', tagIds: [] })).toBe(true);
    expect(matchesFilters(ana, { searchParam: '', tagIds: [1] })).toBe(true);
    expect(matchesFilters(ana, { searchParam: '', tagIds: [1, 2] })).toBe(false);
  });

  it('replace an updated contact, drop it when it stops matching, and put a new one on top', () => {
    const list = listOf([contact(1, 'Ana'), contact(2, 'Bia')], [contact(3, 'Caio')]);
    const renamed = applyContactEvent(
      list,
      { action: 'update', contact: detail(contact(3, 'Cauã')) },
      noFilters,
    );
    expect(names(renamed)).toEqual(['Ana', 'Bia', 'Cauã']);
    const filtered = applyContactEvent(
      list,
      { action: 'update', contact: detail(contact(2, 'Bia')) },
      { searchParam: '', tagIds: [1] },
    );
    expect(names(filtered)).toEqual(['Ana', 'Caio']);
    const added = applyContactEvent(
      list,
      { action: 'create', contact: detail(contact(4, 'Davi')) },
      noFilters,
    );
    expect(names(added)).toEqual(['Davi', 'Ana', 'Bia', 'Caio']);
    expect(names(applyContactEvent(list, { action: 'delete', contactId: 1 }, noFilters))).toEqual([
      'Bia',
      'Caio',
    ]);
  });

  it('show each contact once when pages overlap', () => {
    expect(
      names(listOf([contact(1, 'Ana'), contact(2, 'Bia')], [contact(2, 'Bia'), contact(3, 'Caio')])),
    ).toEqual(['Ana', 'Bia', 'Caio']);
  });
});
