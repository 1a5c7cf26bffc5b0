import { api } from '../../../shared/api';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from '../../../shared/api/announcements';
import type { Router } from '../../platform/deps';
import {
  announcementMediaOf,
  createAnnouncement,
  deleteAnnouncement,
  listActiveAnnouncements,
  listAnnouncements,
  removeAnnouncementMedia,
  showAnnouncement,
  updateAnnouncement,
  uploadAnnouncementMedia,
} from './service';

export function registerAnnouncementsRoutes(router: Router) {
  const routes = api.announcements;
  router.route(routes.list, ({ query }, ctx) => listAnnouncements(ctx, query));
  router.route(routes.active, (_input, ctx) => listActiveAnnouncements(ctx));
  router.route(routes.show, ({ params }, ctx) => showAnnouncement(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => createAnnouncement(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => updateAnnouncement(ctx, params.id, body));
  router.route(routes.remove, ({ params }, ctx) => deleteAnnouncement(ctx, params.id));
  router.route(routes.uploadMedia, ({ params }, ctx) => uploadAnnouncementMedia(ctx, params.id, ctx.files), {
    uploadLimits: { fileSize: ANNOUNCEMENT_MEDIA_MAX_BYTES, files: 1 },
  });
  router.route(routes.removeMedia, ({ params }, ctx) => removeAnnouncementMedia(ctx, params.id));
  router.route(routes.media, async ({ params }, ctx) => {
    const media = await announcementMediaOf(ctx, params.id);
    return ctx.reply
      .type(media.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(await media.stream());
  });
}
