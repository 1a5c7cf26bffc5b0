import type { InfiniteData } from '@tanstack/react-query';
import type { Contact, contactsRoutes } from '../../../shared/api/contacts';
import type { RouteOutput } from '../../../shared/api/contract';
import { digitsOf } from '../../../shared/digits';
import type { ContactEvent } from '../../../shared/realtime';

export type ContactsPage = RouteOutput<typeof contactsRoutes.list>;
export type ContactsList = InfiniteData<ContactsPage, number>;

/** The list's filters, as GET /contacts takes them. */
export interface ContactFilters {
  searchParam: string;
  /** Contacts carrying every one of these tags. */
  tagIds: number[];
}

/** The server's rule: the name contains the text (any case), or the number the text's digits; every tag. */
export function matchesFilters(contact: Pick<Contact, 'name' | 'number' | 'tags'>, filters: ContactFilters) {
  const text = filters.searchParam.trim().toLowerCase();
  const digits = digitsOf(text);
  const byText =
    text === '' ||
    contact.name.toLowerCase().includes(text) ||
    (digits !== '' && contact.number.includes(digits));
  return byText && filters.tagIds.every((id) => contact.tags.some((tag) => tag.id === id));
}

/** The list's contacts in order, each once (pages may overlap after live changes). */
export function flattenContacts(list: { pages: ContactsPage[] } | undefined): Contact[] {
  const seen = new Set<number>();
  return (list?.pages ?? []).flatMap((page) =>
    page.contacts.filter((contact) => !seen.has(contact.id) && seen.add(contact.id)),
  );
}

/** A contact change as lists take it: an event (whose contact carries its extra information) or a catch-up's. */
export type ContactChange =
  | { action: 'create' | 'update'; contact: Contact }
  | Extract<ContactEvent, { action: 'delete' }>;

/**
 * Applies a `company-{id}-contact` event (or our own write) to one cached list: an update replaces the
 * contact where it is (or drops it when it no longer matches), a matching contact new to the list goes on
 * top, a delete removes it.
 */
export function applyContactEvent(
  list: ContactsList,
  event: ContactChange,
  filters: ContactFilters,
): ContactsList {
  if (event.action === 'delete')
    return mapPages(list, (contacts) => contacts.filter((c) => c.id !== event.contactId));
  const { contact } = event;
  const matches = matchesFilters(contact, filters);
  const present = list.pages.some((page) => page.contacts.some((c) => c.id === contact.id));
  if (present) {
    return mapPages(list, (contacts) =>
      matches
        ? contacts.map((c) => (c.id === contact.id ? contact : c))
        : contacts.filter((c) => c.id !== contact.id),
    );
  }
  if (!matches || list.pages.length === 0) return list;
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first, contacts: [contact, ...first.contacts] }, ...rest] };
}

function mapPages(list: ContactsList, change: (contacts: Contact[]) => Contact[]): ContactsList {
  return { ...list, pages: list.pages.map((page) => ({ ...page, contacts: change(page.contacts) })) };
}
