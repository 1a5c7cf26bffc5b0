import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { replyWithMedia } from '../messages/media-store';
import {
  campaignMediaOf,
  createCampaign,
  deleteCampaign,
  listCampaignSettings,
  listCampaigns,
  listTagAudiences,
  removeCampaignMedia,
  saveCampaignSettings,
  showCampaign,
  updateCampaign,
  uploadCampaignMedia,
} from './service';

export function registerCampaignsRoutes(router: Router) {
  const routes = api.campaigns;
  router.route(routes.tagAudiences, (_input, ctx) => listTagAudiences(ctx));
  router.route(routes.list, ({ query }, ctx) => listCampaigns(ctx, query));
  router.route(routes.show, ({ params }, ctx) => showCampaign(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => createCampaign(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => updateCampaign(ctx, params.id, body));
  router.route(routes.remove, ({ params }, ctx) => deleteCampaign(ctx, params.id));
  router.route(routes.uploadMedia, ({ params }, ctx) => uploadCampaignMedia(ctx, params.id, ctx.files));
  router.route(routes.removeMedia, ({ params }, ctx) => removeCampaignMedia(ctx, params.id));
  router.route(routes.media, async ({ params }, ctx) =>
    // The address stays the same when the attachment is replaced: always revalidate.
    replyWithMedia(ctx.reply, await campaignMediaOf(ctx, params.id), 'private, no-cache'),
  );
  router.route(routes.settings, (_input, ctx) => listCampaignSettings(ctx));
  router.route(routes.saveSettings, ({ body }, ctx) => saveCampaignSettings(ctx, body));
}
