import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { replyWithMedia } from './media-store';
import { deleteMessage, editMessage, forwardMessage, listMessages, mediaOf, sendMessage } from './service';
import { sendTemplate } from './templates';

export function registerMessagesRoutes(router: Router) {
  router.route(api.messages.list, ({ params, query }, ctx) => listMessages(ctx, params.ticketUuid, query));
  router.route(api.messages.send, ({ params, body }, ctx) =>
    sendMessage(ctx, params.ticketId, body, ctx.files),
  );
  router.route(api.messages.edit, ({ params, body }, ctx) => editMessage(ctx, params.messageId, body.body));
  router.route(api.messages.remove, ({ params }, ctx) => deleteMessage(ctx, params.messageId));
  router.route(api.messages.forward, ({ body }, ctx) => forwardMessage(ctx, body));
  router.route(api.messages.sendTemplate, ({ params, body }, ctx) =>
    sendTemplate(ctx, params.ticketId, body),
  );
  router.route(api.messages.media, async ({ params }, ctx) =>
    // A message's file never changes: the browser may keep it.
    replyWithMedia(ctx.reply, await mediaOf(ctx, params.messageId), 'private, max-age=3600'),
  );
}
