import type { InfiniteData } from '@tanstack/react-query';
import type { Campaign, campaignsRoutes } from '../../../shared/api/campaigns';
import type { RouteOutput } from '../../../shared/api/contract';
import type { CampaignEvent } from '../../../shared/realtime';

export type CampaignsPage = RouteOutput<typeof campaignsRoutes.list>;
export type CampaignsList = InfiniteData<CampaignsPage, number>;

/** The list search as the server applies it: the name containing the text, ignoring case. */
export const matchesSearch = (campaign: Pick<Campaign, 'name'>, searchParam: string) =>
  campaign.name.toLowerCase().includes(searchParam.trim().toLowerCase());

const mapRecords = (list: CampaignsList, change: (records: Campaign[]) => Campaign[]): CampaignsList => ({
  ...list,
  pages: list.pages.map((page) => ({ ...page, records: change(page.records) })),
});

/**
 * 3-automation §4: a create or update upserts (a campaign new to this list goes on top, the list being
 * newest first, when it matches the search), a delete removes by id.
 */
export function applyToPages(list: CampaignsList, event: CampaignEvent, searchParam: string): CampaignsList {
  if (event.action === 'delete')
    return mapRecords(list, (records) => records.filter((c) => c.id !== event.id));
  const { record } = event;
  const present = list.pages.some((page) => page.records.some((c) => c.id === record.id));
  if (present) return mapRecords(list, (records) => records.map((c) => (c.id === record.id ? record : c)));
  if (!matchesSearch(record, searchParam) || list.pages.length === 0) return list;
  const [first, ...rest] = list.pages;
  return { ...list, pages: [{ ...first!, records: [record, ...first!.records] }, ...rest] };
}
