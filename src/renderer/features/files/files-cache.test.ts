import { describe, expect, it } from 'vitest';
import type { FileList } from '../../../shared/api/files';
import { applyFileListEvent, type FilesList } from './files-cache';

const aList = (id: number, name: string): FileList => ({ id, name, message: 'm', userId: 1, options: [] });

const pages = (...groups: FileList[][]): FilesList => ({
  pages: groups.map((files, i) => ({ files, count: 3, hasMore: i < groups.length - 1 })),
  pageParams: groups.map((_, i) => i + 1),
});

const ids = (list: FilesList) => list.pages.map((page) => page.files.map((f) => f.id));

describe('the cached file-list pages (3-automation §4)', () => {
  const list = pages([aList(1, 'Catálogos'), aList(2, 'Manuais')], [aList(3, 'Preços')]);

  it('replaces an updated list where it is', () => {
    const next = applyFileListEvent(list, { action: 'update', files: aList(3, 'Preços 2026') }, '');
    expect(ids(next)).toEqual([[1, 2], [3]]);
    expect(next.pages[1]!.files[0]!.name).toBe('Preços 2026');
  });

  it('puts a new list on top when it matches the search, counting it, and leaves it out otherwise', () => {
    const created = { action: 'create' as const, files: aList(4, 'Cardápio') };
    const next = applyFileListEvent(list, created, 'CARD');
    expect(ids(next)).toEqual([[4, 1, 2], [3]]);
    expect(next.pages[0]!.count).toBe(4);
    expect(ids(applyFileListEvent(list, created, 'manual'))).toEqual([[1, 2], [3]]);
  });

  it('removes a deleted list from whichever page holds it, and ignores one it never had', () => {
    expect(ids(applyFileListEvent(list, { action: 'delete', fileId: 3 }, ''))).toEqual([[1, 2], []]);
    expect(applyFileListEvent(list, { action: 'delete', fileId: 9 }, '')).toBe(list);
  });
});
