import type { InfiniteData } from '@tanstack/react-query';
import type { RouteOutput } from '../../../shared/api/contract';
import type { Tag, TagWithCounts, tagsRoutes } from '../../../shared/api/tags';
import type { TagEvent } from '../../../shared/realtime';

export type TagsPage = RouteOutput<typeof tagsRoutes.page>;
export type TagsList = InfiniteData<TagsPage, number>;

/** The list search as the server applies it: the name containing the text, ignoring case. */
export function matchesSearch(tag: Pick<Tag, 'name'>, searchParam: string): boolean {
  const needle = searchParam.trim().toLowerCase();
  return needle === '' || tag.name.toLowerCase().includes(needle);
}

/**
 * Applies a `company{id}-tag` event (or our own write) to one cached page list: an update replaces the
 * tag where it is and keeps its counts, a tag new to the list goes on top with no tickets or contacts
 * when it matches the search, a delete removes it.
 */
export function applyTagEvent(list: TagsList, event: TagEvent, searchParam: string): TagsList {
  if (event.action === 'delete') {
    const present = list.pages.some((page) => page.tags.some((t) => t.id === event.tagId));
    if (!present) return list;
    return mapPages(list, (tags) => tags.filter((t) => t.id !== event.tagId), -1);
  }
  const { tag } = event;
  const present = list.pages.some((page) => page.tags.some((t) => t.id === tag.id));
  if (present) return mapPages(list, (tags) => tags.map((t) => (t.id === tag.id ? { ...t, ...tag } : t)), 0);
  if (!matchesSearch(tag, searchParam) || list.pages.length === 0) return list;
  const row: TagWithCounts = { ...tag, ticketsCount: 0, contactsCount: 0 };
  const [first, ...rest] = list.pages;
  return {
    ...list,
    pages: [{ ...first, tags: [row, ...first.tags], count: first.count + 1 }, ...rest],
  };
}

function mapPages(
  list: TagsList,
  change: (tags: TagWithCounts[]) => TagWithCounts[],
  countChange: number,
): TagsList {
  return {
    ...list,
    pages: list.pages.map((page) => ({ ...page, tags: change(page.tags), count: page.count + countChange })),
  };
}

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name);

/** The same event on the full list of GET /tags/list (pickers): kept sorted by name. */
export function applyTagEventToOptions(options: Tag[], event: TagEvent): Tag[] {
  if (event.action === 'delete') return options.filter((t) => t.id !== event.tagId);
  const { id, name, color, kanban } = event.tag;
  return [...options.filter((t) => t.id !== id), { id, name, color, kanban }].sort(byName);
}
