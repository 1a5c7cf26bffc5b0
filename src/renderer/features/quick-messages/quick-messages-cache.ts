import type { InfiniteData } from '@tanstack/react-query';
import type { RouteOutput } from '../../../shared/api/contract';
import type { QuickMessage, quickMessagesRoutes } from '../../../shared/api/quick-messages';
import type { QuickMessageEvent } from '../../../shared/realtime';

export type QuickMessagesPage = RouteOutput<typeof quickMessagesRoutes.list>;
export type QuickMessagesList = InfiniteData<QuickMessagesPage, number>;

/** The list search as the server applies it: shortcode or message containing the text, ignoring case. */
export function matchesSearch(qm: Pick<QuickMessage, 'shortcode' | 'message'>, searchParam: string) {
  const needle = searchParam.trim().toLowerCase();
  return (
    needle === '' || qm.shortcode.toLowerCase().includes(needle) || qm.message.toLowerCase().includes(needle)
  );
}

const idOf = (event: QuickMessageEvent) =>
  event.action === 'delete' ? event.quickMessageId : event.quickMessage.id;

/**
 * 3-automation §4: a create or update upserts (a message new to this list goes on top when it matches the
 * search), a delete removes by id.
 */
export function applyToPages(
  list: QuickMessagesList,
  event: QuickMessageEvent,
  searchParam: string,
): QuickMessagesList {
  const id = idOf(event);
  if (event.action === 'delete') return mapRecords(list, (records) => records.filter((q) => q.id !== id));
  const { quickMessage } = event;
  const present = list.pages.some((page) => page.records.some((q) => q.id === id));
  if (present) return mapRecords(list, (records) => records.map((q) => (q.id === id ? quickMessage : q)));
  if (!matchesSearch(quickMessage, searchParam) || list.pages.length === 0) return list;
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first!, records: [quickMessage, ...first!.records] }, ...rest] };
}

function mapRecords(list: QuickMessagesList, change: (records: QuickMessage[]) => QuickMessage[]) {
  return { ...list, pages: list.pages.map((page) => ({ ...page, records: change(page.records) })) };
}

/** The chat's whole list (GET /quick-messages/list) kept by shortcode, as the server orders it. */
export function applyToAll(all: QuickMessage[], event: QuickMessageEvent): QuickMessage[] {
  const rest = all.filter((q) => q.id !== idOf(event));
  if (event.action === 'delete') return rest;
  return [...rest, event.quickMessage].sort((a, b) => a.shortcode.localeCompare(b.shortcode) || a.id - b.id);
}
