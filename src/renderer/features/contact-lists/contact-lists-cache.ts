import type { InfiniteData } from '@tanstack/react-query';

/** A page of a list the server answers by pageNumber: its rows under `K`, the total and hasMore. */
type Page<K extends string, T> = { [key in K]: T[] } & { count: number; hasMore: boolean };
export type Paged<K extends string, T> = InfiniteData<Page<K, T>, number>;

export type RecordEvent<T> = { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number };

/**
 * 3-automation §4 on one cached page list (lists, or one list's members): an update replaces the row where
 * it is, a row new to these pages goes on top when `belongs` (the search, the list) keeps it, a delete
 * removes it. The same for our own writes and for the realtime events.
 */
export function applyRecordEvent<K extends string, T extends { id: number }>(
  data: Paged<K, T>,
  key: K,
  event: RecordEvent<T>,
  belongs: (record: T) => boolean,
): Paged<K, T> {
  const id = event.action === 'delete' ? event.id : event.record.id;
  const present = data.pages.some((page) => page[key].some((row) => row.id === id));
  const mapPages = (change: (rows: T[]) => T[], countChange: number): Paged<K, T> => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, [key]: change(page[key]), count: page.count + countChange })),
  });
  if (event.action === 'delete') {
    return present ? mapPages((rows) => rows.filter((row) => row.id !== id), -1) : data;
  }
  const { record } = event;
  if (present) {
    // A row that no longer belongs (moved to another list) leaves.
    return belongs(record)
      ? mapPages((rows) => rows.map((row) => (row.id === id ? record : row)), 0)
      : mapPages((rows) => rows.filter((row) => row.id !== id), -1);
  }
  if (!belongs(record) || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [{ ...first!, [key]: [record, ...first![key]], count: first!.count + 1 }, ...rest],
  };
}

/** The lists' search as the server applies it: the name containing the text, any case. */
export const listMatches = (searchParam: string) => (list: { name: string }) =>
  list.name.toLowerCase().includes(searchParam.trim().toLowerCase());

/** The members' search as the server applies it: name, number or e-mail holding the lower-cased text. */
export const memberMatches =
  (contactListId: number, searchParam: string) =>
  (item: { contactListId: number; name: string; number: string; email: string }) => {
    const needle = searchParam.trim().toLowerCase();
    return (
      item.contactListId === contactListId &&
      [item.name, item.number, item.email].some((text) => text.toLowerCase().includes(needle))
    );
  };
