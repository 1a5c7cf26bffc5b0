import type { InfiniteData } from '@tanstack/react-query';
import type { RouteOutput } from '../../../shared/api/contract';
import type { FileList, filesRoutes } from '../../../shared/api/files';
import type { FileListEvent } from '../../../shared/realtime';

export type FilesPage = RouteOutput<typeof filesRoutes.list>;
export type FilesList = InfiniteData<FilesPage, number>;

/** The list search as the server applies it: the name containing the text, ignoring case. */
export function matchesSearch(list: Pick<FileList, 'name'>, searchParam: string) {
  const needle = searchParam.trim().toLowerCase();
  return needle === '' || list.name.toLowerCase().includes(needle);
}

function mapPages(pages: FilesList, change: (files: FileList[]) => FileList[], countChange: number) {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      files: change(page.files),
      count: page.count + countChange,
    })),
  };
}

/**
 * 3-automation §4, `company-{id}-file` (or our own write) on one cached list: an update replaces the list
 * where it is, one new to these pages goes on top when it matches the search, a delete removes it.
 */
export function applyFileListEvent(pages: FilesList, event: FileListEvent, searchParam: string): FilesList {
  const id = event.action === 'delete' ? event.fileId : event.files.id;
  const present = pages.pages.some((page) => page.files.some((f) => f.id === id));
  if (event.action === 'delete') {
    return present ? mapPages(pages, (files) => files.filter((f) => f.id !== id), -1) : pages;
  }
  const { files: changed } = event;
  if (present) return mapPages(pages, (files) => files.map((f) => (f.id === id ? changed : f)), 0);
  if (!matchesSearch(changed, searchParam) || pages.pages.length === 0) return pages;
  const [first, ...rest] = pages.pages;
  return {
    ...pages,
    pages: [{ ...first!, files: [changed, ...first!.files], count: first!.count + 1 }, ...rest],
  };
}
