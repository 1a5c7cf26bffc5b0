import { describe, expect, it } from 'vitest';
import type { Announcement } from '../../../shared/api/announcements';
import { type AnnouncementsList, applyToActive, applyToPages } from './announcements-cache';

const a = (id: number, more: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Aviso ${id}`,
  text: 'texto',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  ...more,
});

const list = (records: Announcement[]): AnnouncementsList => ({
  pages: [{ records, count: records.length, hasMore: false }],
  pageParams: [1],
});

describe('the announcement lists kept by events (3-automation §4)', () => {
  it('put a new matching one on top, replace a known one and remove a deleted one', () => {
    const start = list([a(2), a(1)]);
    expect(
      applyToPages(start, { action: 'create', record: a(3) }, '').pages[0]!.records.map((r) => r.id),
    ).toEqual([3, 2, 1]);
    expect(applyToPages(start, { action: 'create', record: a(3) }, 'outro').pages[0]!.records).toHaveLength(
      2,
    );
    const renamed = applyToPages(start, { action: 'update', record: a(1, { title: 'Novo' }) }, '');
    expect(renamed.pages[0]!.records[1]!.title).toBe('Novo');
    expect(applyToPages(start, { action: 'delete', id: 2 }, '').pages[0]!.records.map((r) => r.id)).toEqual([
      1,
    ]);
  });

  it('keep the bell to active ones, highest priority first', () => {
    const active = applyToActive([a(1), a(2)], { action: 'create', record: a(3, { priority: 1 }) });
    expect(active.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(
      applyToActive(active, { action: 'update', record: a(3, { status: false }) }).map((r) => r.id),
    ).toEqual([2, 1]);
  });
});
