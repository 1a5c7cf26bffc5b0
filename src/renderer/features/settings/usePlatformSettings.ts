import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import type { LogoMode } from '../../../shared/api/settings';
import type { PlatformSettingKey } from '../../../shared/settings';
import { useBridge } from '../../bridge/context';
import { toast, toastError } from '../../ui/toast';

const platformKey = ['settings', 'platform'] as const;

/** GET /settings as the super administrator: the platform's keys with their defaults. */
export function usePlatformSettings() {
  const bridge = useBridge();
  return useQuery({
    queryKey: platformKey,
    queryFn: async () =>
      Object.fromEntries(
        (await bridge.request(api.settings.list, {})).map((row) => [row.key, row.value]),
      ) as Record<string, string>,
  });
}

/** After a platform key changed: this screen and the public reads (login page, branding) read it again. */
function useRefreshPlatform() {
  const queryClient = useQueryClient();
  return (key: PlatformSettingKey) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: platformKey }),
      queryClient.invalidateQueries({ queryKey: ['public-settings', key] }),
      queryClient.invalidateQueries({ queryKey: ['settings', key] }),
    ]);
}

/** 2-administration §4.5: PUT /settings/{key}, one key per save, "Operação atualizada com sucesso.". */
export function useUpdatePlatformSetting() {
  const bridge = useBridge();
  const { t } = useTranslation('settings');
  const refresh = useRefreshPlatform();
  return useMutation({
    mutationFn: ({ key, value }: { key: PlatformSettingKey; value: string }) =>
      bridge.request(api.settings.update, { params: { key }, body: { value } }),
    onSuccess: (_saved, { key }) => {
      toast.success(t('updated'));
      return refresh(key);
    },
    onError: (error) => toastError(error),
  });
}

/** POST /settings-whitelabel/logo: one image for the mode. */
export function useUploadLogo() {
  const bridge = useBridge();
  const { t } = useTranslation('settings');
  const refresh = useRefreshPlatform();
  return useMutation({
    mutationFn: ({ mode, file }: { mode: LogoMode; file: File }) =>
      bridge.request(api.settings.uploadLogo, {
        body: { typeArch: 'logo', mode },
        files: [{ field: 'file', name: file.name, type: file.type, data: file }],
      }),
    onSuccess: (_saved, { mode }) => {
      toast.success(t('whitelabel.uploaded'));
      return refresh(`appLogo${mode}`);
    },
    onError: (error) => toastError(error),
  });
}
