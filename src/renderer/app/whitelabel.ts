import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/index';
import type { Bridge } from '../../shared/bridge';
import {
  HEX_COLOR,
  LOGO_FILE_NAME,
  PLATFORM_SETTING_DEFAULTS,
  PUBLIC_SETTING_KEYS,
} from '../../shared/setting-keys';
import defaultLogo from '../assets/logo.svg';
import { useBridge } from '../bridge/context';
import { useObjectUrl } from '../ui/useObjectUrl';
import type { ThemeMode } from './preferences';

type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];

type WhitelabelKey = Exclude<PublicSettingKey, 'allowSignup'>;
export type Whitelabel = Record<WhitelabelKey, string>;

const isWhitelabelKey = (key: PublicSettingKey): key is WhitelabelKey => key !== 'allowSignup';

/**
 * 2-administration §3 whitelabel keys: the public settings but allowSignup. Each is also kept in local
 * storage under its own name.
 */
export const WHITELABEL_KEYS = PUBLIC_SETTING_KEYS.filter(isWhitelabelKey);

const publicSettingQuery = (bridge: Bridge, key: PublicSettingKey) => ({
  queryKey: ['public-settings', key],
  queryFn: async () => {
    const value = await bridge.request(api.settings.showPublic, { params: { key }, query: {} });
    if (isWhitelabelKey(key)) localStorage.setItem(key, value);
    return value;
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/** A public platform setting, readable before sign-in (allowSignup, whitelabel). */
export function usePublicSetting(key: PublicSettingKey) {
  return useQuery(publicSettingQuery(useBridge(), key));
}

const isColourKey = (key: WhitelabelKey) => key === 'primaryColorLight' || key === 'primaryColorDark';

/**
 * Falls back to the default when a stored value is empty, or a colour that is not one (the theme would
 * throw on it). Checked without the settings' schemas: zod is not part of the first paint.
 */
function usable(key: WhitelabelKey, value: string | null | undefined): string {
  if (!value || (isColourKey(key) && !HEX_COLOR.test(value))) return PLATFORM_SETTING_DEFAULTS[key];
  return value;
}

/** The branding: the server's values, the last known ones from local storage until they arrive. */
export function useWhitelabel(): Whitelabel {
  const bridge = useBridge();
  const answers = useQueries({ queries: WHITELABEL_KEYS.map((key) => publicSettingQuery(bridge, key)) });
  return Object.fromEntries(
    WHITELABEL_KEYS.map((key, index) => [key, usable(key, answers[index].data ?? localStorage.getItem(key))]),
  ) as Whitelabel;
}

/**
 * A stored logo as an image address: an uploaded one (a file name) is fetched through the transport, so
 * the desktop app reads it from its server too; a URL or a path is used as it is. Null: none.
 */
export function useBrandingAsset(value: string): string | null {
  const bridge = useBridge();
  const uploaded = LOGO_FILE_NAME.test(value);
  const { data } = useQuery({
    queryKey: ['public-settings', 'logo', value],
    queryFn: () => bridge.download(api.settings.logo, { params: { fileName: value } }),
    enabled: uploaded,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useObjectUrl(data ?? null);
  if (!value) return null;
  return uploaded ? url : value;
}

/** The logo for the theme's mode, the product's own until one is set. */
export function useLogo(whitelabel: Whitelabel, mode: ThemeMode): string {
  return useBrandingAsset(mode === 'dark' ? whitelabel.appLogoDark : whitelabel.appLogoLight) ?? defaultLogo;
}

/** Page title and favicon from the branding (1-attendance §2 /login). */
export function useDocumentBranding(whitelabel: Whitelabel) {
  const favicon = useBrandingAsset(whitelabel.appLogoFavicon) ?? defaultLogo;
  useEffect(() => {
    document.title = whitelabel.appName;
  }, [whitelabel.appName]);
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }, [favicon]);
}
