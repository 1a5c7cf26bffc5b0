import { api } from '../../../shared/api';
import { fillCampaignVariables } from '../../../shared/campaigns';
import { normalizeNumber } from '../../../shared/phone-number';
import { campaignShown } from '../../modules/campaigns/service';
import { readCampaignSenderSettings } from '../../modules/campaigns/settings';
import { findMedia } from '../../modules/messages/media-store';
import { requireDriver } from '../../modules/messages/outbound';
import { formatBody } from '../../modules/messages/variables';
import { readCompanySettings } from '../../modules/settings/queries';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, Router } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import * as q from './queries';
import { campaignProgress, cancelRun, restartRun } from './sender';

/** The campaign of the caller's company, locked, in the status the change starts from. */
async function lockedIn(db: Context['db'], id: number, status: string) {
  const campaign = await q.lockCampaign(db, id, 'update');
  if (!campaign) throw notFound('ERR_NO_CAMPAIGN_FOUND');
  if (campaign.status !== status) throw new AppError('ERR_CAMPAIGN_STATUS', 400);
  return campaign;
}

async function announced(ctx: Context, row: q.CampaignRow) {
  const record = await campaignShown(ctx.db, row.id);
  ctx.events.publish(
    toCompany('campaign', ctx.actor.companyId, {
      action: 'update',
      record,
      progress: await campaignProgress(ctx.db, row),
    }),
  );
  return record;
}

/** POST /campaigns/:id/cancel: the run stops within one message (a send under way finishes first). */
export async function cancelCampaign(ctx: Context, id: number) {
  const row = await ctx.db.transaction(async (db) => cancelRun(db, await lockedIn(db, id, 'EM_ANDAMENTO')));
  return announced(ctx, row);
}

/** POST /campaigns/:id/restart: on with the members not yet sent. */
export async function restartCampaign(ctx: Context, id: number) {
  const row = await ctx.db.transaction(async (db) => restartRun(db, await lockedIn(db, id, 'CANCELADA')));
  ctx.deps.jobs.nudge();
  return announced(ctx, row);
}

/** GET /campaigns/:id/report: the run's figures (before it starts, the audience as it is now). */
export async function campaignReport(ctx: Context, id: number) {
  const row = await q.findCampaignRow(ctx.db, id);
  if (!row) throw notFound('ERR_NO_CAMPAIGN_FOUND');
  return { campaign: await campaignShown(ctx.db, row.id), ...(await campaignProgress(ctx.db, row)) };
}

/**
 * POST /campaigns/:id/test: the campaign's first message variant (with its file) to one number, through
 * its connection, the variables filled for that number; no shipping row, nothing counted.
 */
export async function testSendCampaign(ctx: Context, id: number, input: { number: string }) {
  const row = await q.findCampaignRow(ctx.db, id);
  if (!row) throw notFound('ERR_NO_CAMPAIGN_FOUND');
  const driver = await requireDriver(ctx.deps, row.whatsappId);
  const company = await readCompanySettings(ctx.db);
  const number = normalizeNumber(input.number, company.country);
  const settings = await readCampaignSenderSettings(ctx.db);
  const variant =
    [row.message1, row.message2, row.message3, row.message4, row.message5].find((m) => m.trim()) ?? '';
  const filled = fillCampaignVariables(variant, { name: number, number, email: '' }, settings.variables);
  const body = formatBody(filled, {
    contactName: number,
    ticketId: 0,
    timeZone: await q.companyTimeZone(ctx.db),
  });
  const stored = row.mediaPath ? await findMedia(ctx.deps.media, row.companyId, row.mediaPath) : undefined;
  try {
    if (stored) {
      const media = {
        filename: row.mediaName ?? row.mediaPath!,
        mimetype: stored.type,
        data: await stored.read(),
      };
      await driver.sendMedia(number, { ...media, caption: body || undefined });
    } else {
      await driver.sendText(number, body);
    }
  } catch (err) {
    ctx.deps.log.warn({ err, campaignId: id }, 'a campaign test send failed');
    throw new AppError('ERR_SENDING_WAPP_MSG', 502);
  }
  return { ok: true as const };
}

export function registerCampaignRunsRoutes(router: Router) {
  const routes = api.campaignRuns;
  router.route(routes.cancel, ({ params }, ctx) => cancelCampaign(ctx, params.id));
  router.route(routes.restart, ({ params }, ctx) => restartCampaign(ctx, params.id));
  router.route(routes.testSend, ({ params, body }, ctx) => testSendCampaign(ctx, params.id, body));
  router.route(routes.report, ({ params }, ctx) => campaignReport(ctx, params.id));
}
