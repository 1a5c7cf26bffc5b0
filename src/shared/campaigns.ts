/** 3-automation §4: a campaign's statuses, shown as Inativa, Programada, Em Andamento, Cancelada, Finalizada. */
export const CAMPAIGN_STATUSES = [
  'INATIVA',
  'PROGRAMADA',
  'EM_ANDAMENTO',
  'CANCELADA',
  'FINALIZADA',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** 3-automation §9: five message variants and five confirmation variants. */
export const CAMPAIGN_VARIANTS = [1, 2, 3, 4, 5] as const;

/** The status of the ticket a campaign message opens (3-automation §4). */
export const CAMPAIGN_TICKET_STATUSES = ['closed', 'pending', 'open'] as const;
export type CampaignTicketStatus = (typeof CAMPAIGN_TICKET_STATUSES)[number];

/** 3-automation §4: a PROGRAMADA campaign can be edited until an hour before it starts. */
export const CAMPAIGN_EDIT_LOCK_MS = 60 * 60 * 1000;

/**
 * 3-automation §4's edit lock: editable when INATIVA, or PROGRAMADA more than an hour ahead; a CANCELADA
 * campaign still saves. One rule for the dialog (read-only) and the server (refuses the change).
 */
export function campaignEditable(status: CampaignStatus, scheduledAt: Date | null, now: Date): boolean {
  if (status === 'INATIVA' || status === 'CANCELADA') return true;
  if (status !== 'PROGRAMADA') return false;
  return scheduledAt !== null && scheduledAt.getTime() - now.getTime() > CAMPAIGN_EDIT_LOCK_MS;
}

/** 3-automation §9: the option lists of the campaign settings page, exactly as given there. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120] as const;
/** The spec shows the labels 40 and 60 for the values 60 and 70; every other value is its own label. */
export const MESSAGE_INTERVAL_LABELS: Readonly<Record<number, number>> = { 60: 40, 70: 60 };
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const GREATER_INTERVAL_OPTIONS = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)] as const;

/** A custom variable of the campaign settings: `{key}` in a message becomes `value`. */
export interface CampaignVariable {
  key: string;
  value: string;
}

/** 3-automation §3 Campaign settings with §9's defaults (what GET answers for every key never saved). */
export interface CampaignSettingsValues {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
  sabado: boolean;
  domingo: boolean;
  startHour: string;
  endHour: string;
}

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};

/** 3-automation §5: the member's own fields a campaign message may name, filled in per member. */
export const CAMPAIGN_MEMBER_VARIABLES = ['{nome}', '{numero}', '{email}'] as const;
/**
 * 1-attendance §5's message variables that mean something without a ticket (the member's name, the
 * greeting by time of day, the date and hour of the send, the connection): offered by the dialog too.
 */
export const CAMPAIGN_MESSAGE_VARIABLES = [
  '{{firstName}}',
  '{{name}}',
  '{{ms}}',
  '{{date}}',
  '{{hour}}',
  '{{connection}}',
] as const;
// ——— The sender's safety settings (ours, beyond 3-automation §9: what keeps a number from being banned).

/** Stored beside §9's keys in the campaign settings; each reads as its default until saved. */
export interface CampaignSafetyValues {
  /** Up to this many seconds added at random to every non-zero interval, so the pace is not mechanical. */
  jitterSeconds: number;
  /** Campaign messages one connection sends a day (its company's calendar day); 0: no ceiling. */
  dailyLimit: number;
  /** A new connection starts lower: 100 on its first day, 100 more each day, up to dailyLimit. */
  warmUp: boolean;
  /** A contact who writes one of these (whole message, any case) is never sent a campaign again. */
  optOutKeywords: string[];
  /** Confirmation campaigns: members who have not answered this many hours after being asked are failed (no-answer). */
  confirmationWaitHours: number;
}

export const CAMPAIGN_SAFETY_DEFAULTS: CampaignSafetyValues = {
  jitterSeconds: 5,
  dailyLimit: 1000,
  warmUp: true,
  optOutKeywords: ['SAIR', 'PARAR', 'STOP'],
  confirmationWaitHours: 24,
};

/** Every campaign setting: §9's and the safety ones (what the sender reads, what /campaigns-config edits). */
export type CampaignSenderSettings = CampaignSettingsValues & CampaignSafetyValues;

/** What the warm-up adds to a connection's ceiling per day of its age. */
export const CAMPAIGN_WARM_UP_STEP = 100;

/** Why a member was not sent to (campaignShipping.failReason). */
export const CAMPAIGN_FAIL_REASONS = ['invalid-number', 'opt-out', 'send-error', 'no-answer'] as const;
export type CampaignFailReason = (typeof CAMPAIGN_FAIL_REASONS)[number];

/**
 * Why a running campaign waits: outside the sending window (hours or weekend), the connection's daily
 * ceiling reached, or that ceiling set by the warm-up (a young connection).
 */
export const CAMPAIGN_PAUSE_REASONS = ['window', 'daily-limit', 'warm-up'] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/** A member's own fields a campaign message can name. */
export interface CampaignMember {
  name: string;
  number: string;
  email: string;
}

/**
 * 3-automation §2's campaign variables: {nome}, {numero}, {email} and the settings' custom ones
 * (`{key}`); unknown names stay as written. The message variables of 1-attendance §5 ({{name}}, …) are
 * left for the moment of sending.
 */
export function fillCampaignVariables(
  text: string,
  member: CampaignMember,
  variables: readonly CampaignVariable[],
): string {
  const values = new Map<string, string>([
    ['nome', member.name],
    ['numero', member.number],
    ['email', member.email],
  ]);
  for (const { key, value } of variables) if (!values.has(key)) values.set(key, value);
  return text.replace(
    /(?<!\{)\{\s*([\p{L}\p{N}_-]+)\s*\}(?!\})/gu,
    (whole, key: string) => values.get(key) ?? whole,
  );
}

/** Whether an inbound message is an opt-out: the whole text one of the keywords, any case and accents aside. */
export function isOptOut(body: string, keywords: readonly string[]): boolean {
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase();
  const said = plain(body);
  return said !== '' && keywords.some((k) => plain(k) === said);
}
