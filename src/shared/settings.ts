import { z } from 'zod';
import { COUNTRIES } from './countries';
import { LANGUAGES } from './i18n/types';
import { HEX_COLOR } from './setting-keys';

// Keys, defaults and constants live in setting-keys.ts, free of zod (the web client's first paint reads them).
export {
  COMPANY_SETTING_DEFAULTS,
  CONFIGURED_PUBLIC_SETTING_KEYS,
  type ConfiguredPublicSettingKey,
  isCompanySettingKey,
  LOGO_FILE_NAME,
  PLATFORM_COMPANY_ID,
  PLATFORM_SETTING_DEFAULTS,
  PUBLIC_SETTING_KEYS,
} from './setting-keys';

const toggle = z.enum(['enabled', 'disabled']);
const text = z.string().max(5000);

/**
 * Company settings (2-administration §3 "Settings keys"), one value per key and company.
 * Values stay strings on the wire, as the screens expect ('enabled' / 'disabled', free text).
 */
export const companySettingSchemas = {
  userRating: toggle,
  scheduleType: z.enum(['disabled', 'company', 'queue', 'connection']),
  chatBotType: z.enum(['text', 'button', 'list']),
  acceptCallWhatsapp: toggle,
  userRandom: toggle,
  sendGreetingMessageOneQueues: toggle,
  sendSignMessage: toggle,
  sendFarewellWaitingTicket: toggle,
  sendGreetingAccepted: toggle,
  sendQueuePosition: toggle,
  acceptAudioMessageContact: toggle,
  enableLGPD: toggle,
  requiredTag: toggle,
  lgpdDeleteMessage: toggle,
  lgpdHideNumber: toggle,
  lgpdConsent: toggle,
  lgpdMessage: text,
  lgpdLink: text,
  sendMsgTransfTicket: toggle,
  DirectTicketsToWallets: toggle,
  closeTicketOnTransfer: toggle,
  transferMessage: text,
  greetingAcceptedMessage: text,
  AcceptCallWhatsappMessage: text,
  sendQueuePositionMessage: text,
  showNotificationPending: toggle,
  // 1-attendance §9: ticket auto-close setting, hours.
  hoursCloseTicketsAuto: z.string().regex(/^\d{1,4}$/),
  // Completes national phone numbers typed or imported without their country code.
  country: z.enum(COUNTRIES),
  // The language of the bots' own words to customers (menu lines, the audio refusal).
  language: z.enum(LANGUAGES),
  // Every user of the company signs in with a second factor (an authenticator's code).
  require2fa: toggle,
} as const;

export type CompanySettingKey = keyof typeof companySettingSchemas;
export type CompanySettings = { [K in CompanySettingKey]: z.output<(typeof companySettingSchemas)[K]> };

/**
 * Platform settings live with company 1 (the platform owner). Public ones are readable without a
 * token through GET /public-settings/{key}; userCreation and these keys may be changed by super only.
 */
export const platformSettingSchemas = {
  allowSignup: toggle,
  userCreation: toggle,
  appName: z.string().max(100),
  primaryColorLight: z.string().regex(HEX_COLOR),
  primaryColorDark: z.string().regex(HEX_COLOR),
  appLogoLight: z.string().max(300),
  appLogoDark: z.string().max(300),
  appLogoFavicon: z.string().max(300),
  frontendVersion: z.string().max(50),
  /** The connections screen's "call support" button opens this link (a chat with the platform's support); hidden while empty. */
  supportLink: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]),
} as const;

export type PlatformSettingKey = keyof typeof platformSettingSchemas;
export const PLATFORM_SETTING_KEYS = Object.keys(platformSettingSchemas) as PlatformSettingKey[];

export function isPlatformSettingKey(key: string): key is PlatformSettingKey {
  return key in platformSettingSchemas;
}

/**
 * 2-administration §5: a toggle in the state that sends a message needs that message. Shared so the
 * settings screen and the server apply the same table.
 */
export const REQUIRED_SETTING_MESSAGES: readonly {
  toggle: CompanySettingKey;
  when: string;
  message: CompanySettingKey;
}[] = [
  { toggle: 'sendMsgTransfTicket', when: 'enabled', message: 'transferMessage' },
  { toggle: 'sendGreetingAccepted', when: 'enabled', message: 'greetingAcceptedMessage' },
  { toggle: 'acceptCallWhatsapp', when: 'disabled', message: 'AcceptCallWhatsappMessage' },
  { toggle: 'sendQueuePosition', when: 'enabled', message: 'sendQueuePositionMessage' },
];

/** The message a save of `changed` would leave missing, given the settings after that save. */
export function missingRequiredMessage(
  settings: CompanySettings,
  changed: CompanySettingKey,
): CompanySettingKey | undefined {
  const broken = REQUIRED_SETTING_MESSAGES.find(
    (rule) =>
      (changed === rule.toggle || changed === rule.message) &&
      settings[rule.toggle] === rule.when &&
      !settings[rule.message].trim(),
  );
  return broken?.message;
}
