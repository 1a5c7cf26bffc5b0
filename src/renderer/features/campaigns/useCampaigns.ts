import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import {
  type Campaign,
  type CampaignInput,
  type CampaignSettingsInput,
  campaignRunsRoutes,
} from '../../../shared/api/campaigns';
import {
  CAMPAIGN_SAFETY_DEFAULTS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSenderSettings,
} from '../../../shared/campaigns';
import { type CampaignEvent, events } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import { applyToPages, type CampaignsList } from './campaigns-cache';

export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: ['campaigns', 'list'] as const,
  list: (searchParam: string) => ['campaigns', 'list', searchParam] as const,
  report: (id: number) => ['campaigns', 'report', id] as const,
  settings: ['campaigns', 'settings'] as const,
  tagAudiences: ['campaigns', 'tag-audiences'] as const,
};

/** GET /campaigns, page after page (pages start at 1) while the server says hasMore. */
export function useCampaignsList(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: campaignsKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.campaigns.list, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** Puts a campaign change into every cached list, the same way for our writes and for events. */
function useApplyCampaignEvent() {
  const queryClient = useQueryClient();
  return (event: CampaignEvent) => {
    for (const [key, list] of queryClient.getQueriesData<CampaignsList>({ queryKey: campaignsKeys.lists })) {
      if (!list) continue;
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      queryClient.setQueryData<CampaignsList>(key, applyToPages(list, event, searchParam));
    }
  };
}

/** 3-automation §7: the subscription to `company-{id}-campaign`, keeping the cached lists current. */
export function useCampaignsRealtime(onEvent?: (event: CampaignEvent) => void) {
  const { companyId } = useCurrentUser();
  const apply = useApplyCampaignEvent();
  useRealtimeEvent(events.campaign(companyId), (event: CampaignEvent) => {
    apply(event);
    onEvent?.(event);
  });
  useReloadAfterReconnect(campaignsKeys.all);
}

export function useSaveCampaign() {
  const bridge = useBridge();
  const apply = useApplyCampaignEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CampaignInput }) =>
      id === null
        ? bridge.request(api.campaigns.create, { body })
        : bridge.request(api.campaigns.update, { params: { id }, body }),
    onSuccess: (record, { id }) => apply({ action: id === null ? 'create' : 'update', record }),
  });
}

export function useDeleteCampaign() {
  const bridge = useBridge();
  const apply = useApplyCampaignEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.campaigns.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', id }),
  });
}

/** POST /campaigns/:id/media-upload (file), or DELETE it when `file` is null. */
export function useSetCampaignMedia() {
  const bridge = useBridge();
  const apply = useApplyCampaignEvent();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? bridge.request(api.campaigns.uploadMedia, {
            params: { id },
            body: {},
            files: [{ field: 'file', name: file.name, type: file.type, data: file }],
          })
        : bridge.request(api.campaigns.removeMedia, { params: { id } }),
    onSuccess: (record) => apply({ action: 'update', record }),
  });
}

/** POST /campaigns/:id/cancel or /restart (the sender's routes, by their own contract group): the answer is the campaign as it is now. */
export function useCampaignRun() {
  const bridge = useBridge();
  const apply = useApplyCampaignEvent();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'restart' }): Promise<Campaign> =>
      bridge.request(campaignRunsRoutes[action], { params: { id } }),
    onSuccess: (record) => apply({ action: 'update', record }),
  });
}

/** GET /campaigns/:id/report: the run's figures. */
export function useCampaignReport(id: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: campaignsKeys.report(id),
    queryFn: () => bridge.request(campaignRunsRoutes.report, { params: { id } }),
  });
}

/** GET /campaigns/tag-audiences as tag id → contacts carrying it, for the dialog's tag picker. */
export function useTagAudiences() {
  const bridge = useBridge();
  return useQuery({
    queryKey: campaignsKeys.tagAudiences,
    queryFn: async () =>
      new Map((await bridge.request(api.campaigns.tagAudiences, {})).map((a) => [a.tagId, a.contacts])),
  });
}

/** GET /campaign-settings as one object; a key the answer lacks reads as its default. */
export function useCampaignSettings() {
  const bridge = useBridge();
  return useQuery({
    queryKey: campaignsKeys.settings,
    queryFn: async (): Promise<CampaignSenderSettings> => {
      const entries = await bridge.request(api.campaigns.settings, {});
      return {
        ...CAMPAIGN_SETTINGS_DEFAULTS,
        ...CAMPAIGN_SAFETY_DEFAULTS,
        ...Object.fromEntries(entries.map(({ key, value }) => [key, value])),
      };
    },
  });
}

export function useSaveCampaignSettings() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignSettingsInput) => bridge.request(api.campaigns.saveSettings, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.settings }),
  });
}

/** POST /campaigns/:id/test: the campaign's first message to one number, before it starts. */
export function useCampaignTestSend() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ id, number }: { id: number; number: string }) =>
      bridge.request(campaignRunsRoutes.testSend, { params: { id }, body: { number } }),
  });
}
