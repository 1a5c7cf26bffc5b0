import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { events } from '../../../shared/realtime';
import type { Schedule } from '../../../shared/schedules';
import { type CompanySettingKey, type CompanySettings, isCompanySettingKey } from '../../../shared/settings';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { toast, toastError } from '../../ui/toast';

export const settingsKeys = {
  company: (companyId: number) => ['settings', 'company', companyId] as const,
  schedules: (companyId: number) => ['companies', companyId, 'schedules'] as const,
};

/** GET /companySettings/{id}: every key of the caller's company, defaults filled in. */
export function useCompanySettings() {
  const bridge = useBridge();
  const { companyId } = useCurrentUser();
  return useQuery({
    queryKey: settingsKeys.company(companyId),
    queryFn: () => bridge.request(api.settings.companySettings, { params: { companyId } }),
  });
}

/** One key changed in the cached settings. */
function useSetCachedSetting() {
  const queryClient = useQueryClient();
  const { companyId } = useCurrentUser();
  return (key: CompanySettingKey, value: string) =>
    queryClient.setQueryData<CompanySettings>(settingsKeys.company(companyId), (current) =>
      current ? ({ ...current, [key]: value } as CompanySettings) : current,
    );
}

/** `company-{id}-settings`: another admin's change shows at once; a reconnect reloads what was missed. */
export function useCompanySettingsRealtime() {
  const { companyId } = useCurrentUser();
  const setCached = useSetCachedSetting();
  useRealtimeEvent(events.settings(companyId), ({ setting }) => {
    if (isCompanySettingKey(setting.key)) setCached(setting.key, setting.value);
  });
  useReloadAfterReconnect(settingsKeys.company(companyId));
}

/**
 * 2-administration §4.5: PUT /companySettings with one key. The screen shows the change at once and
 * takes it back if the server refuses it; only the saved key is touched, so saves in flight never undo
 * each other.
 */
export function useUpdateCompanySetting() {
  const bridge = useBridge();
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const { companyId } = useCurrentUser();
  const setCached = useSetCachedSetting();
  return useMutation({
    mutationFn: ({ key, value }: { key: CompanySettingKey; value: string }) =>
      bridge.request(api.settings.updateCompanySetting, { body: { column: key, data: value } }),
    onMutate: ({ key, value }) => {
      const previous = queryClient.getQueryData<CompanySettings>(settingsKeys.company(companyId))?.[key];
      setCached(key, value);
      return { previous };
    },
    onError: (error, { key }, context) => {
      if (context?.previous !== undefined) setCached(key, context.previous);
      toastError(error);
    },
    onSuccess: (saved, { key }) => {
      setCached(key, saved[key]);
      toast.success(t('updated'));
    },
  });
}

/** The company's service hours (GET /companies/{id}/schedules), defaults until saved. */
export function useCompanySchedules() {
  const bridge = useBridge();
  const { companyId } = useCurrentUser();
  return useQuery({
    queryKey: settingsKeys.schedules(companyId),
    queryFn: () => bridge.request(api.companies.schedules, { params: { id: companyId } }),
  });
}

/** 2-administration §7: PUT /companies/{id}/schedules with the whole week. */
export function useSaveCompanySchedules() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const { companyId } = useCurrentUser();
  return useMutation({
    mutationFn: (schedules: Schedule[]) =>
      bridge.request(api.companies.updateSchedules, { params: { id: companyId }, body: { schedules } }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.schedules(companyId), saved),
  });
}
