import { api } from '../../../shared/api';
import { SCHEDULE_MEDIA_MAX_BYTES } from '../../../shared/scheduled-messages';
import type { Router } from '../../platform/deps';
import { replyWithMedia } from '../messages/media-store';
import * as s from './service';

export function registerScheduledMessagesRoutes(router: Router) {
  const routes = api.schedules;
  router.route(routes.list, ({ query }, ctx) => s.listSchedules(ctx, query));
  router.route(routes.show, ({ params }, ctx) => s.showSchedule(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => s.createSchedule(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => s.updateSchedule(ctx, params.id, body));
  router.route(routes.remove, ({ params }, ctx) => s.deleteSchedule(ctx, params.id));
  router.route(routes.uploadMedia, ({ params }, ctx) => s.uploadScheduleMedia(ctx, params.id, ctx.files), {
    uploadLimits: { fileSize: SCHEDULE_MEDIA_MAX_BYTES, files: 1 },
  });
  router.route(routes.removeMedia, ({ params }, ctx) => s.removeScheduleMedia(ctx, params.id));
  router.route(routes.media, async ({ params }, ctx) =>
    // The address stays the same when the image is replaced: always revalidate.
    replyWithMedia(ctx.reply, await s.scheduleMediaOf(ctx, params.id), 'private, no-cache'),
  );
  const holidays = api.holidays;
  router.route(holidays.list, (_input, ctx) => s.listHolidays(ctx));
  router.route(holidays.create, ({ body }, ctx) => s.createHoliday(ctx, body));
  router.route(holidays.update, ({ params, body }, ctx) => s.updateHoliday(ctx, params.id, body));
  router.route(holidays.remove, ({ params }, ctx) => s.deleteHoliday(ctx, params.id));
}
