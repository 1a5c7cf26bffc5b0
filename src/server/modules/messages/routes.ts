import { createReadStream } from 'node:fs';
import { api } from '../../../shared/api';
import type { Router } from '../../http/router';
import { deleteMessage, editMessage, forwardMessage, listMessages, mediaOf, sendMessage } from './service';

export function registerMessagesRoutes(router: Router) {
  router.route(api.messages.list, ({ params, query }, ctx) => listMessages(ctx, params.ticketUuid, query));
  router.route(api.messages.send, ({ params, body }, ctx) =>
    sendMessage(ctx, params.ticketId, body, ctx.files),
  );
  router.route(api.messages.edit, ({ params, body }, ctx) => editMessage(ctx, params.messageId, body.body));
  router.route(api.messages.remove, ({ params }, ctx) => deleteMessage(ctx, params.messageId));
  router.route(api.messages.forward, ({ body }, ctx) => forwardMessage(ctx, body));
  router.route(api.messages.media, async ({ params }, ctx) => {
    const media = await mediaOf(ctx, params.messageId);
    // Only types a browser shows safely are served inline; anything else downloads, sandboxed.
    return ctx.reply
      .type(media.type)
      .header('content-length', media.size)
      .header('content-disposition', media.inline ? 'inline' : 'attachment')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(createReadStream(media.file));
  });
}
