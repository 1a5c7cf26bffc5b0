import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../shared/api/campaigns';
import { applyToPages, type CampaignsList } from './campaigns-cache';

const campaign = (id: number, name: string, more: Partial<Campaign> = {}) =>
  ({ id, name, ...more }) as Campaign;
const list = (...pages: Campaign[][]): CampaignsList => ({
  pages: pages.map((records, i) => ({ records, count: 3, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});
const names = (l: CampaignsList) => l.pages.map((page) => page.records.map((c) => c.name));

describe('live campaign events on the cached list', () => {
  const cached = list([campaign(3, 'Natal'), campaign(2, 'Páscoa')], [campaign(1, 'Black Friday')]);

  it('puts a new campaign on top when it matches the search, and leaves others out', () => {
    const record = campaign(4, 'Natal 2');
    expect(names(applyToPages(cached, { action: 'create', record }, 'natal'))[0]).toEqual([
      'Natal 2',
      'Natal',
      'Páscoa',
    ]);
    expect(applyToPages(cached, { action: 'create', record: campaign(5, 'Carnaval') }, 'natal')).toBe(cached);
  });

  it('replaces an update in place, on whatever page it is', () => {
    const updated = applyToPages(
      cached,
      { action: 'update', record: campaign(1, 'Black Friday', { status: 'EM_ANDAMENTO' }) },
      '',
    );
    expect(updated.pages[1]!.records[0]!.status).toBe('EM_ANDAMENTO');
    expect(names(updated)).toEqual(names(cached));
  });

  it('removes a deleted one by id', () => {
    expect(names(applyToPages(cached, { action: 'delete', id: 2 }, ''))).toEqual([
      ['Natal'],
      ['Black Friday'],
    ]);
  });
});
