import type { InfiniteData } from '@tanstack/react-query';
import type { Announcement, announcementsRoutes } from '../../../shared/api/announcements';
import type { RouteOutput } from '../../../shared/api/contract';
import type { AnnouncementEvent } from '../../../shared/realtime';

export type AnnouncementsPage = RouteOutput<typeof announcementsRoutes.list>;
export type AnnouncementsList = InfiniteData<AnnouncementsPage, number>;

/** The list search as the server applies it: title or text containing the text, ignoring case. */
const matchesSearch = (a: Announcement, searchParam: string) => {
  const needle = searchParam.trim().toLowerCase();
  return needle === '' || a.title.toLowerCase().includes(needle) || a.text.toLowerCase().includes(needle);
};

const idOf = (event: AnnouncementEvent) => (event.action === 'delete' ? event.id : event.record.id);

/**
 * 3-automation §4: a create or update upserts (one new to this list goes on top, as the server lists
 * newest first, when it matches the search), a delete removes by id.
 */
export function applyToPages(
  list: AnnouncementsList,
  event: AnnouncementEvent,
  searchParam: string,
): AnnouncementsList {
  const id = idOf(event);
  const map = (change: (records: Announcement[]) => Announcement[]) => ({
    ...list,
    pages: list.pages.map((page) => ({ ...page, records: change(page.records) })),
  });
  if (event.action === 'delete') return map((records) => records.filter((a) => a.id !== id));
  const { record } = event;
  if (list.pages.some((page) => page.records.some((a) => a.id === id)))
    return map((records) => records.map((a) => (a.id === id ? record : a)));
  if (!matchesSearch(record, searchParam) || list.pages.length === 0) return list;
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first!, records: [record, ...first!.records] }, ...rest] };
}

/** The bell's list: active announcements only, by priority (1 first), newest first within one. */
export function applyToActive(active: Announcement[], event: AnnouncementEvent): Announcement[] {
  const rest = active.filter((a) => a.id !== idOf(event));
  if (event.action === 'delete' || !event.record.status) return rest;
  return [...rest, event.record].sort((a, b) => a.priority - b.priority || b.id - a.id);
}
