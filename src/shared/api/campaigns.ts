import { z } from 'zod';
import {
  CAMPAIGN_PAUSE_REASONS,
  CAMPAIGN_SAFETY_DEFAULTS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TICKET_STATUSES,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '../campaigns';
import { VALIDATION } from '../errors';
import { boundedText, hhmm, pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

const named = z.object({ id: z.number(), name: z.string() }).nullable();

/** 3-automation §3 Campaign. `mediaPath` is the stored file, fetched through GET /campaigns/:id/media. */
export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  contactListId: z.number().nullable(),
  contactList: named,
  tagListId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: named,
  openTicket: z.enum(['enabled', 'disabled']),
  statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES),
  userId: z.number().nullable(),
  user: named,
  queueId: z.number().nullable(),
  queue: named,
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** While EM_ANDAMENTO: why the sender waits and when it resumes (null while it sends). */
  pause: z.object({ reason: z.enum(CAMPAIGN_PAUSE_REASONS), resumesAt: z.string() }).nullable(),
});
export type Campaign = z.output<typeof campaignSchema>;

/** 3-automation §3: empty strings become null. */
const optionalId = z
  .union([z.literal(''), z.null(), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));
const variant = z.string().max(4096, VALIDATION.tooLong).optional().default('');

/**
 * 3-automation §5: name 2 to 50 and required; the connection is required; a queue is required when a user
 * is chosen. §4's defaults: confirmation off, statusTicket closed, openTicket disabled.
 */
export const campaignBody = z
  .object({
    name: boundedText(2, 50),
    message1: variant,
    message2: variant,
    message3: variant,
    message4: variant,
    message5: variant,
    confirmationMessage1: variant,
    confirmationMessage2: variant,
    confirmationMessage3: variant,
    confirmationMessage4: variant,
    confirmationMessage5: variant,
    confirmation: z.boolean().optional().default(false),
    scheduledAt: z
      .union([z.literal(''), z.null(), z.iso.datetime({ offset: true })])
      .optional()
      .transform((v) => (v ? v : null)),
    contactListId: optionalId,
    tagListId: optionalId,
    whatsappId: z.coerce.number({ error: VALIDATION.required }).int().positive(VALIDATION.required),
    openTicket: z.enum(['enabled', 'disabled']).optional().default('disabled'),
    statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES).optional().default('closed'),
    userId: optionalId,
    queueId: optionalId,
  })
  .refine((c) => c.userId === null || c.queueId !== null, {
    path: ['queueId'],
    message: VALIDATION.selectQueue,
  });
export type CampaignInput = z.input<typeof campaignBody>;

/** The report's figures (3-automation §2): delivered of valid, the progress bar and the cards. */
export const campaignReportSchema = z.object({
  campaign: campaignSchema,
  /** Members of the run (the audience frozen at start; before it, the list's current size). */
  total: z.number(),
  valid: z.number(),
  delivered: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
  failed: z.number(),
});
export type CampaignReport = z.output<typeof campaignReportSchema>;

/** The report's figures alone: what a campaign's live events carry as its run goes on. */
export const campaignProgressSchema = campaignReportSchema.omit({ campaign: true });
export type CampaignProgress = z.output<typeof campaignProgressSchema>;

/** 3-automation §3 Campaign settings, each key with the option lists of §9. */
/** A whole number in [min, max] (the screen's number fields give null when empty). */
const wholeNumberIn = (min: number, max: number) =>
  z
    .number({ error: VALIDATION.wholeNumber })
    .int(VALIDATION.wholeNumber)
    .min(min, VALIDATION.outOfRange)
    .max(max, VALIDATION.outOfRange);

export const campaignSettingsBody = z.object({
  messageInterval: z
    .number()
    .refine((v) => (MESSAGE_INTERVAL_OPTIONS as readonly number[]).includes(v))
    .optional()
    .default(CAMPAIGN_SETTINGS_DEFAULTS.messageInterval),
  longerIntervalAfter: z
    .number()
    .refine((v) => (LONGER_INTERVAL_AFTER_OPTIONS as readonly number[]).includes(v))
    .optional()
    .default(CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter),
  greaterInterval: z
    .number()
    .refine((v) => (GREATER_INTERVAL_OPTIONS as readonly number[]).includes(v))
    .optional()
    .default(CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval),
  variables: z
    .array(z.object({ key: z.string().trim().min(1).max(50), value: z.string().max(1000) }))
    .max(50)
    .optional()
    .default([]),
  sabado: z.boolean().optional().default(CAMPAIGN_SETTINGS_DEFAULTS.sabado),
  domingo: z.boolean().optional().default(CAMPAIGN_SETTINGS_DEFAULTS.domingo),
  startHour: hhmm.optional().default(CAMPAIGN_SETTINGS_DEFAULTS.startHour),
  endHour: hhmm.optional().default(CAMPAIGN_SETTINGS_DEFAULTS.endHour),
  // Ours (keeping numbers safe): saved beside §9's keys, each its default until saved.
  jitterSeconds: wholeNumberIn(0, 600).optional().default(CAMPAIGN_SAFETY_DEFAULTS.jitterSeconds),
  dailyLimit: wholeNumberIn(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .default(CAMPAIGN_SAFETY_DEFAULTS.dailyLimit),
  warmUp: z.boolean().optional().default(CAMPAIGN_SAFETY_DEFAULTS.warmUp),
  optOutKeywords: z
    .array(z.string().trim().min(1, VALIDATION.required).max(100, VALIDATION.tooLong))
    .min(1, VALIDATION.required)
    .max(50, VALIDATION.tooLong)
    .optional()
    .default(CAMPAIGN_SAFETY_DEFAULTS.optOutKeywords),
  confirmationWaitHours: wholeNumberIn(1, 24 * 30)
    .optional()
    .default(CAMPAIGN_SAFETY_DEFAULTS.confirmationWaitHours),
});
export type CampaignSettingsInput = z.input<typeof campaignSettingsBody>;

/** 3-automation §7: GET answers a list of key and value, every key present (defaults for those never saved). */
export const campaignSettingEntry = z.object({ key: z.string(), value: z.unknown() });

/** 3-automation §1 and §6: campaigns are for admins of companies whose plan has useCampaigns. */
export const campaignsRoutes = {
  /** The dialog's tag picker: for each tag, the contacts carrying it (a tag audience as the sender reads it). */
  tagAudiences: defineRoute({
    method: 'GET',
    path: '/campaigns/tag-audiences',
    access: 'admin',
    plan: 'useCampaigns',
    response: z.array(z.object({ tagId: z.number(), contacts: z.number() })),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/campaigns',
    access: 'admin',
    plan: 'useCampaigns',
    query: pageQuery,
    response: pagedResponse('records', campaignSchema),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/campaigns/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: campaignSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/campaigns',
    access: 'admin',
    plan: 'useCampaigns',
    body: campaignBody,
    response: campaignSchema,
  }),
  /** Refused (ERR_CAMPAIGN_LOCKED) past §4's edit lock. */
  update: defineRoute({
    method: 'PUT',
    path: '/campaigns/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    body: campaignBody,
    response: campaignSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/campaigns/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: okResponse,
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/media-upload',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    multipart: true,
    body: z.object({}),
    response: campaignSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/campaigns/:id/media-upload',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: campaignSchema,
  }),
  media: defineRoute({
    method: 'GET',
    path: '/campaigns/:id/media',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: z.unknown(),
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/campaign-settings',
    access: 'admin',
    plan: 'useCampaigns',
    response: z.array(campaignSettingEntry),
  }),
  saveSettings: defineRoute({
    method: 'POST',
    path: '/campaign-settings',
    access: 'admin',
    plan: 'useCampaigns',
    body: campaignSettingsBody,
    response: z.array(campaignSettingEntry),
  }),
};

/** The number a test send goes to (8–50, normalised like contacts' numbers by the server). */
export const campaignTestSendBody = z.object({
  number: z.string().trim().min(8, VALIDATION.tooShort).max(50, VALIDATION.tooLong),
});

/** A campaign's run (automation's sender): cancel, restart, a test send and the live report. */
export const campaignRunsRoutes = {
  /** EM_ANDAMENTO → CANCELADA: the sender stops within one message. */
  cancel: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/cancel',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: campaignSchema,
  }),
  /** CANCELADA → EM_ANDAMENTO: continues with the members not yet sent. */
  restart: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/restart',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: campaignSchema,
  }),
  /** Ours: one message of the campaign to one number before it starts. */
  testSend: defineRoute({
    method: 'POST',
    path: '/campaigns/:id/test',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    body: campaignTestSendBody,
    response: okResponse,
  }),
  report: defineRoute({
    method: 'GET',
    path: '/campaigns/:id/report',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: campaignReportSchema,
  }),
};
