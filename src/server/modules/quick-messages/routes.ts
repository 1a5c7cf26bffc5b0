import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { replyWithMedia } from '../messages/media-store';
import {
  createQuickMessage,
  deleteQuickMessage,
  listAllQuickMessages,
  listQuickMessages,
  quickMessageMediaOf,
  removeQuickMessageMedia,
  showQuickMessage,
  updateQuickMessage,
  uploadQuickMessageMedia,
} from './service';

export function registerQuickMessagesRoutes(router: Router) {
  const routes = api.quickMessages;
  router.route(routes.list, ({ query }, ctx) => listQuickMessages(ctx, query));
  router.route(routes.listAll, (_input, ctx) => listAllQuickMessages(ctx));
  router.route(routes.show, ({ params }, ctx) => showQuickMessage(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => createQuickMessage(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => updateQuickMessage(ctx, params.id, body));
  router.route(routes.remove, ({ params }, ctx) => deleteQuickMessage(ctx, params.id));
  router.route(routes.uploadMedia, ({ params }, ctx) => uploadQuickMessageMedia(ctx, params.id, ctx.files));
  router.route(routes.removeMedia, ({ params }, ctx) => removeQuickMessageMedia(ctx, params.id));
  router.route(routes.media, async ({ params }, ctx) =>
    // The address stays the same when the attachment is replaced: always revalidate.
    replyWithMedia(ctx.reply, await quickMessageMediaOf(ctx, params.id), 'private, no-cache'),
  );
}
