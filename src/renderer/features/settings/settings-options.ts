import { type CompanySettingKey, companySettingSchemas } from '../../../shared/settings';

export type OptionGroup = 'service' | 'bot' | 'messages' | 'calls' | 'lgpd';

/**
 * The options tab (2-administration §2.7, §3 "Settings keys"): every company key once, by subject. A
 * message sits right after the switch that sends it (§5: enabling that switch needs the message).
 */
export const OPTION_GROUPS: readonly { group: OptionGroup; keys: readonly CompanySettingKey[] }[] = [
  {
    group: 'service',
    keys: [
      'country',
      'userRating',
      'userRandom',
      'DirectTicketsToWallets',
      'requiredTag',
      'showNotificationPending',
      'sendSignMessage',
      'sendFarewellWaitingTicket',
      'hoursCloseTicketsAuto',
      'require2fa',
    ],
  },
  {
    group: 'bot',
    keys: [
      'scheduleType',
      'language',
      'chatBotType',
      'sendGreetingMessageOneQueues',
      'acceptAudioMessageContact',
      'sendQueuePosition',
      'sendQueuePositionMessage',
    ],
  },
  {
    group: 'messages',
    keys: [
      'sendGreetingAccepted',
      'greetingAcceptedMessage',
      'sendMsgTransfTicket',
      'transferMessage',
      'closeTicketOnTransfer',
    ],
  },
  { group: 'calls', keys: ['acceptCallWhatsapp', 'AcceptCallWhatsappMessage'] },
  {
    group: 'lgpd',
    keys: ['enableLGPD', 'lgpdMessage', 'lgpdLink', 'lgpdConsent', 'lgpdDeleteMessage', 'lgpdHideNumber'],
  },
];

export type OptionControl =
  | { kind: 'switch' }
  | { kind: 'select'; choices: readonly string[] }
  | { kind: 'text'; multiline: boolean };

// Texts sent to contacts get room to write; links and numbers stay on one line.
const SINGLE_LINE: readonly CompanySettingKey[] = ['lgpdLink', 'hoursCloseTicketsAuto'];

/** The control a key gets, read from its schema: enabled/disabled → switch, other choices → select. */
export function controlFor(key: CompanySettingKey): OptionControl {
  const schema = companySettingSchemas[key];
  if ('options' in schema) {
    const choices: readonly string[] = schema.options;
    const isToggle = choices.length === 2 && choices.includes('enabled') && choices.includes('disabled');
    return isToggle ? { kind: 'switch' } : { kind: 'select', choices };
  }
  return { kind: 'text', multiline: !SINGLE_LINE.includes(key) };
}
