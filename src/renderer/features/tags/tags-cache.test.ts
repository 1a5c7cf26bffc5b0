// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Tag, TagWithCounts } from '../../../shared/api/tags';
import { isQuickTagNameTooShort } from './tag-form';
import { applyTagEvent, applyTagEventToOptions, type TagsList } from './tags-cache';

const aTag = (id: number, name: string, more: Partial<TagWithCounts> = {}): TagWithCounts => ({
  id,
  name,
  color: '#123456',
  kanban: 0,
  ticketsCount: 0,
  contactsCount: 0,
  ...more,
});

const aList = (...pages: TagWithCounts[][]): TagsList => ({
  pages: pages.map((tags, i) => ({ tags, count: pages.flat().length, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});

const names = (list: TagsList) => list.pages.map((page) => page.tags.map((t) => t.name));
const plain = ({ id, name, color, kanban }: TagWithCounts): Tag => ({ id, name, color, kanban });

describe('a cached tags list receiving tag events', () => {
  const vip = aTag(1, 'VIP', { ticketsCount: 4, contactsCount: 2 });
  const lead = aTag(2, 'Lead');

  it('replaces an updated tag where it stands and keeps its counts', () => {
    const updated = applyTagEvent(
      aList([vip], [lead]),
      { action: 'update', tag: { ...plain(vip), name: 'Cliente VIP' } },
      '',
    );
    expect(names(updated)).toEqual([['Cliente VIP'], ['Lead']]);
    expect(updated.pages[0]!.tags[0]).toMatchObject({ ticketsCount: 4, contactsCount: 2 });
  });

  it('puts a created tag on top with no tickets or contacts, and counts it', () => {
    const list = applyTagEvent(aList([vip]), { action: 'create', tag: plain(aTag(3, 'Novo')) }, '');
    expect(names(list)).toEqual([['Novo', 'VIP']]);
    expect(list.pages[0]).toMatchObject({ count: 2, tags: [{ ticketsCount: 0, contactsCount: 0 }, {}] });
  });

  it('keeps a created tag out of a search it does not match', () => {
    const list = aList([vip]);
    expect(applyTagEvent(list, { action: 'create', tag: plain(aTag(3, 'Lead quente')) }, 'vip')).toBe(list);
    expect(names(applyTagEvent(list, { action: 'create', tag: plain(aTag(4, 'Ex-vip')) }, 'VIP'))).toEqual([
      ['Ex-vip', 'VIP'],
    ]);
  });

  it('removes a deleted tag from every page, and ignores one it does not hold', () => {
    const list = aList([vip], [lead]);
    expect(names(applyTagEvent(list, { action: 'delete', tagId: 2 }, ''))).toEqual([['VIP'], []]);
    expect(applyTagEvent(list, { action: 'delete', tagId: 99 }, '')).toBe(list);
  });

  it('does not add a tag twice when its own create event follows our write', () => {
    const once = applyTagEvent(aList([vip]), { action: 'create', tag: plain(lead) }, '');
    expect(names(applyTagEvent(once, { action: 'create', tag: plain(lead) }, ''))).toEqual([['Lead', 'VIP']]);
  });
});

describe('the tag options of the pickers', () => {
  it('stay sorted by name through creates, renames and deletes', () => {
    const options = [plain(aTag(1, 'Bravo')), plain(aTag(2, 'Delta'))];
    const created = applyTagEventToOptions(options, { action: 'create', tag: plain(aTag(3, 'Charlie')) });
    expect(created.map((t) => t.name)).toEqual(['Bravo', 'Charlie', 'Delta']);
    const renamed = applyTagEventToOptions(created, { action: 'update', tag: plain(aTag(2, 'Alpha')) });
    expect(renamed.map((t) => t.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(applyTagEventToOptions(renamed, { action: 'delete', tagId: 1 }).map((t) => t.name)).toEqual([
      'Alpha',
      'Charlie',
    ]);
  });
});

describe('quick tag creation from the chat', () => {
  it("refuses names under 3 characters ('Tag muito curta!')", () => {
    expect(isQuickTagNameTooShort('ab')).toBe(true);
    expect(isQuickTagNameTooShort('  ab  ')).toBe(true);
    expect(isQuickTagNameTooShort('abc')).toBe(false);
  });
});
