import { describe, expect, it } from 'vitest';
import type { QuickMessage } from '../../../shared/api/quick-messages';
import { aQuickMessage } from '../../test/builders';
import { applyToAll, applyToPages, type QuickMessagesList } from './quick-messages-cache';

const pages = (...groups: QuickMessage[][]): QuickMessagesList => ({
  pages: groups.map((records, i) => ({ records, count: 3, hasMore: i < groups.length - 1 })),
  pageParams: groups.map((_, i) => i + 1),
});

const ids = (list: QuickMessagesList) => list.pages.map((page) => page.records.map((q) => q.id));

describe('the cached quick-message pages (3-automation §4)', () => {
  const list = pages([aQuickMessage(1, 'a'), aQuickMessage(2, 'b')], [aQuickMessage(3, 'c')]);

  it('replaces an updated message where it is', () => {
    const next = applyToPages(list, { action: 'update', quickMessage: aQuickMessage(3, 'c', 'novo') }, '');
    expect(ids(next)).toEqual([[1, 2], [3]]);
    expect(next.pages[1]!.records[0]!.message).toBe('novo');
  });

  it('puts a new message on top when it matches the search, and leaves it out otherwise', () => {
    const created = { action: 'create' as const, quickMessage: aQuickMessage(4, 'pix', 'Chave PIX') };
    expect(ids(applyToPages(list, created, ''))).toEqual([[4, 1, 2], [3]]);
    expect(ids(applyToPages(list, created, 'CHAVE'))).toEqual([[4, 1, 2], [3]]);
    expect(ids(applyToPages(list, created, 'boleto'))).toEqual([[1, 2], [3]]);
  });

  it('removes a deleted message from whichever page holds it', () => {
    expect(ids(applyToPages(list, { action: 'delete', quickMessageId: 3 }, ''))).toEqual([[1, 2], []]);
  });
});

describe("the chat's list of quick messages", () => {
  it('stays in shortcode order through creates, updates and deletes', () => {
    let all = [aQuickMessage(1, 'boleto'), aQuickMessage(2, 'ola')];
    all = applyToAll(all, { action: 'create', quickMessage: aQuickMessage(3, 'horario') });
    expect(all.map((q) => q.shortcode)).toEqual(['boleto', 'horario', 'ola']);
    all = applyToAll(all, { action: 'update', quickMessage: aQuickMessage(1, 'x-boleto') });
    expect(all.map((q) => q.shortcode)).toEqual(['horario', 'ola', 'x-boleto']);
    all = applyToAll(all, { action: 'delete', quickMessageId: 2 });
    expect(all.map((q) => q.id)).toEqual([3, 1]);
  });
});
