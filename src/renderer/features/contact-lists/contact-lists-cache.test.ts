import { describe, expect, it } from 'vitest';
import { applyRecordEvent, listMatches, memberMatches, type Paged } from './contact-lists-cache';

type Row = { id: number; name: string };
const data = (rows: Row[][]): Paged<'records', Row> => ({
  pageParams: rows.map((_, i) => i + 1),
  pages: rows.map((records, i) => ({ records, count: 3, hasMore: i < rows.length - 1 })),
});

describe('applyRecordEvent', () => {
  const base = data([
    [
      { id: 1, name: 'Ana' },
      { id: 2, name: 'Bia' },
    ],
    [{ id: 3, name: 'Caio' }],
  ]);
  const all = () => true;

  it('replaces an updated row where it is and removes a deleted one', () => {
    const updated = applyRecordEvent(
      base,
      'records',
      { action: 'update', record: { id: 3, name: 'Cauã' } },
      all,
    );
    expect(updated.pages[1]!.records).toEqual([{ id: 3, name: 'Cauã' }]);
    const deleted = applyRecordEvent(base, 'records', { action: 'delete', id: 1 }, all);
    expect(deleted.pages.map((p) => [p.records.map((r) => r.id), p.count])).toEqual([
      [[2], 2],
      [[3], 2],
    ]);
  });

  it('puts a new row on top only when it belongs, and drops one that no longer does', () => {
    const created = applyRecordEvent(
      base,
      'records',
      { action: 'create', record: { id: 9, name: 'Zé' } },
      all,
    );
    expect(created.pages[0]!.records[0]).toEqual({ id: 9, name: 'Zé' });
    expect(created.pages[0]!.count).toBe(4);
    const none = () => false;
    expect(applyRecordEvent(base, 'records', { action: 'create', record: { id: 9, name: 'Zé' } }, none)).toBe(
      base,
    );
    const left = applyRecordEvent(
      base,
      'records',
      { action: 'update', record: { id: 2, name: 'Bia' } },
      none,
    );
    expect(left.pages[0]!.records.map((r) => r.id)).toEqual([1]);
  });
});

describe('the searches', () => {
  it('match as the server does', () => {
    expect(listMatches(' vip ')({ name: 'Clientes VIP' })).toBe(true);
    const member = { contactListId: 4, name: 'Maria', number: '5585988881234', email: 'M@X.com' };
    expect(memberMatches(4, 'MARIA')(member)).toBe(true);
    expect(memberMatches(4, 'm@x')(member)).toBe(true);
    expect(memberMatches(4, '8888')(member)).toBe(true);
    expect(memberMatches(5, '')(member)).toBe(false);
  });
});
