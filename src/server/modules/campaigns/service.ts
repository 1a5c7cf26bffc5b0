import type { z } from 'zod';
import type { Campaign, campaignBody, campaignSettingsBody } from '../../../shared/api/campaigns';
import type { pageQuery } from '../../../shared/api/common';
import {
  CAMPAIGN_SAFETY_DEFAULTS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignPauseReason,
  type CampaignSafetyValues,
  type CampaignSettingsValues,
  type CampaignStatus,
  type CampaignTicketStatus,
  campaignEditable,
} from '../../../shared/campaigns';
import type { CampaignEvent } from '../../../shared/realtime';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { findMedia, removeMedia, storeMedia } from '../messages/media-store';
import * as q from './queries';
import { type CampaignSenderSettings, readCampaignSenderSettings } from './settings';

type Input = z.output<typeof campaignBody>;
type SettingsInput = z.output<typeof campaignSettingsBody>;

/** Campaigns list 20 a page, like the other lists of the settings screens. */
export const CAMPAIGNS_PAGE_SIZE = 20;

const named = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

export const toCampaign = (row: q.CampaignWithNames): Campaign => ({
  id: row.id,
  name: row.name,
  status: row.status as CampaignStatus,
  message1: row.message1,
  message2: row.message2,
  message3: row.message3,
  message4: row.message4,
  message5: row.message5,
  confirmationMessage1: row.confirmationMessage1,
  confirmationMessage2: row.confirmationMessage2,
  confirmationMessage3: row.confirmationMessage3,
  confirmationMessage4: row.confirmationMessage4,
  confirmationMessage5: row.confirmationMessage5,
  confirmation: row.confirmation,
  scheduledAt: row.scheduledAt?.toISOString() ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
  contactListId: row.contactListId,
  contactList: named(row.contactListId, row.contactListName),
  tagListId: row.tagListId,
  whatsappId: row.whatsappId,
  whatsapp: named(row.whatsappId, row.whatsappName),
  openTicket: row.openTicket ? 'enabled' : 'disabled',
  statusTicket: row.statusTicket as CampaignTicketStatus,
  userId: row.userId,
  user: named(row.userId, row.userName),
  queueId: row.queueId,
  queue: named(row.queueId, row.queueName),
  mediaPath: row.mediaPath,
  mediaName: row.mediaName,
  pause:
    row.status === 'EM_ANDAMENTO' && row.pauseReason && row.resumesAt
      ? { reason: row.pauseReason as CampaignPauseReason, resumesAt: row.resumesAt.toISOString() }
      : null,
});

function announce(ctx: Context, event: CampaignEvent) {
  ctx.events.publish(toCompany('campaign', ctx.actor.companyId, event));
}

/** A campaign as the contract shows it (one joined read): the screens' and the sender's events'. */
export async function campaignShown(db: TenantDb, id: number) {
  const row = await q.findCampaignWithNames(db, id);
  if (!row) throw notFound('ERR_NO_CAMPAIGN_FOUND');
  return toCampaign(row);
}

/** The campaign, locked; refused past 3-automation §4's edit lock (the dialog is read-only there too). */
async function findEditable(tx: TenantDb, id: number) {
  const row = await q.findCampaign(tx, id, true);
  if (!row) throw notFound('ERR_NO_CAMPAIGN_FOUND');
  if (!campaignEditable(row.status as CampaignStatus, row.scheduledAt, new Date())) {
    throw new AppError('ERR_CAMPAIGN_LOCKED', 409);
  }
  return row;
}

/**
 * Every record the campaign names is the company's own: another company's answers as if it did not exist.
 * The ticket's user and queue count only when the campaign opens tickets.
 */
async function assertReferences(db: TenantDb, input: Input) {
  const checks = [
    ['whatsapp', input.whatsappId, 'ERR_NO_WAPP_FOUND'],
    ['contactList', input.contactListId, 'ERR_NOT_FOUND'],
    ['tag', input.tagListId, 'ERR_NO_TAG_FOUND'],
    ['user', input.userId, 'ERR_NO_USER_FOUND'],
    ['queue', input.queueId, 'ERR_NO_QUEUE_FOUND'],
  ] as const;
  for (const [kind, id, code] of checks) {
    if (id !== null && !(await q.ownsRecord(db, kind, id))) throw notFound(code);
  }
}

/**
 * The columns a save writes. The audience is a contact list or a tag, not both: a tag wins (the dialog
 * offers one or the other). The status follows docs/behaviour.md "Campaigns": PROGRAMADA once it has a
 * time and an audience, INATIVA until then; a CANCELADA campaign keeps its status (restart resumes it).
 */
function columnsOf(input: Input, current: CampaignStatus | null): q.CampaignChanges {
  const contactListId = input.tagListId === null ? input.contactListId : null;
  const ready = input.scheduledAt !== null && (contactListId !== null || input.tagListId !== null);
  const status: CampaignStatus = current === 'CANCELADA' ? current : ready ? 'PROGRAMADA' : 'INATIVA';
  const openTicket = input.openTicket === 'enabled';
  return {
    ...input,
    status,
    contactListId,
    scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
    openTicket,
    // The ticket's user and queue mean nothing when no ticket is opened.
    userId: openTicket ? input.userId : null,
    queueId: openTicket ? input.queueId : null,
  };
}

/** GET /campaigns: 20 a page, newest first; the search looks at the name, any case. */
export async function listCampaigns(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
  const { rows, total } = await q.selectCampaignPage(ctx.db, query.searchParam.trim(), {
    limit: CAMPAIGNS_PAGE_SIZE,
    offset,
  });
  const records = rows.map(toCampaign);
  return { records, count: total, hasMore: offset + records.length < total };
}

/** GET /campaigns/tag-audiences: how many contacts a campaign on each tag would reach. */
export const listTagAudiences = (ctx: Context) => q.selectTagAudiences(ctx.db);

export const showCampaign = (ctx: Context, id: number) => campaignShown(ctx.db, id);

/** A PROGRAMADA campaign gets its start job with the save; one whose time has come starts at once. */
async function scheduleStart(tx: TenantDb, id: number, columns: q.CampaignChanges) {
  if (columns.status === 'PROGRAMADA' && columns.scheduledAt)
    await q.scheduleCampaignStart(tx, id, columns.scheduledAt);
}

export async function createCampaign(ctx: Context, input: Input) {
  const record = await ctx.db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const columns = columnsOf(input, null);
    const id = await q.insertCampaign(tx, columns as q.CampaignChanges & { name: string });
    await scheduleStart(tx, id, columns);
    return campaignShown(tx, id);
  });
  announce(ctx, { action: 'create', record });
  ctx.deps.jobs.nudge();
  return record;
}

export async function updateCampaign(ctx: Context, id: number, input: Input) {
  const record = await ctx.db.transaction(async (tx) => {
    const row = await findEditable(tx, id);
    await assertReferences(tx, input);
    const columns = columnsOf(input, row.status as CampaignStatus);
    await q.updateCampaignRow(tx, id, columns);
    await scheduleStart(tx, id, columns);
    return campaignShown(tx, id);
  });
  announce(ctx, { action: 'update', record });
  ctx.deps.jobs.nudge();
  return record;
}

/**
 * DELETE /campaigns/:id: refused while it sends (stop it first, so the sender is never left with a run
 * whose campaign is gone mid-message); its shipping rows go with it.
 */
export async function deleteCampaign(ctx: Context, id: number) {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await q.findCampaign(tx, id, true);
    if (!found) throw notFound('ERR_NO_CAMPAIGN_FOUND');
    if (found.status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_IN_PROGRESS', 409);
    await q.deleteCampaignRow(tx, id);
    return found;
  });
  await removeMedia(ctx.deps.media, row.companyId, [row.mediaPath]);
  announce(ctx, { action: 'delete', id });
  return { ok: true as const };
}

/** Sets (file) or clears (null) the attachment; the file it replaces is removed once the row says so. */
async function replaceMedia(ctx: Context, id: number, media: { path: string; name: string } | null) {
  const { companyId } = ctx.actor;
  let result: { before: q.CampaignRow; record: Campaign };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const before = await findEditable(tx, id);
      await q.updateCampaignRow(tx, id, { mediaPath: media?.path ?? null, mediaName: media?.name ?? null });
      return { before, record: await campaignShown(tx, id) };
    });
  } catch (err) {
    if (media) await removeMedia(ctx.deps.media, companyId, [media.path]);
    throw err;
  }
  await removeMedia(ctx.deps.media, companyId, [result.before.mediaPath]);
  announce(ctx, { action: 'update', record: result.record });
  return result.record;
}

/** POST /campaigns/:id/media-upload: the multipart `file` goes with every message of the campaign. */
export async function uploadCampaignMedia(ctx: Context, id: number, files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file');
  if (!file || file.size === 0) throw new AppError('ERR_INVALID_FILE', 400);
  // Checked before the file is written, so a refused caller leaves nothing behind.
  await ctx.db.transaction((tx) => findEditable(tx, id));
  const path = await storeMedia(ctx.deps.media, ctx.actor.companyId, file);
  return replaceMedia(ctx, id, { path, name: file.filename });
}

export const removeCampaignMedia = (ctx: Context, id: number) => replaceMedia(ctx, id, null);

/** GET /campaigns/:id/media: the attachment, to the company's admins. */
export async function campaignMediaOf(ctx: Context, id: number) {
  const row = await q.findCampaign(ctx.db, id);
  const found = row?.mediaPath && (await findMedia(ctx.deps.media, row.companyId, row.mediaPath));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

// ——— Settings.

const SETTING_KEYS = Object.keys({ ...CAMPAIGN_SETTINGS_DEFAULTS, ...CAMPAIGN_SAFETY_DEFAULTS }) as (
  | keyof CampaignSettingsValues
  | keyof CampaignSafetyValues
)[];

/** §9's keys and the safety keys, as the sender reads them (settings.ts), each saved or its default. */
const asEntries = (values: CampaignSenderSettings) =>
  SETTING_KEYS.map((key) => ({ key, value: values[key] }));

/** GET /campaign-settings: every key, with its saved value or §9's default. */
export async function listCampaignSettings(ctx: Context) {
  return asEntries(await readCampaignSenderSettings(ctx.db));
}

/** POST /campaign-settings: every key of the (validated) settings, saved per key in one transaction. */
export async function saveCampaignSettings(ctx: Context, input: SettingsInput) {
  await ctx.db.transaction(async (tx) => {
    for (const key of SETTING_KEYS) await q.upsertCampaignSetting(tx, key, input[key]);
  });
  return asEntries(await readCampaignSenderSettings(ctx.db));
}
