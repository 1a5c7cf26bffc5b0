import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { replyWithMedia } from '../messages/media-store';
import {
  closeImportedTickets,
  createConnection,
  deleteConnection,
  greetingMediaFile,
  listAllConnections,
  listConnections,
  performSessionAction,
  removeGreetingMedia,
  requestPairingCode,
  restartConnections,
  showConnection,
  updateConnection,
  uploadGreetingMedia,
} from './service';

export function registerWhatsappsRoutes(router: Router) {
  const routes = api.whatsapps;
  router.route(routes.list, (_input, ctx) => listConnections(ctx));
  router.route(routes.all, (_input, ctx) => listAllConnections(ctx));
  router.route(routes.show, ({ params }, ctx) => showConnection(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => createConnection(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => updateConnection(ctx, params.id, body));
  router.route(routes.remove, ({ params }, ctx) => deleteConnection(ctx, params.id));
  router.route(routes.retrySession, ({ params }, ctx) => performSessionAction(ctx, params.id, 'retry'));
  router.route(routes.newQr, ({ params }, ctx) => performSessionAction(ctx, params.id, 'newQr'));
  router.route(routes.disconnect, ({ params }, ctx) => performSessionAction(ctx, params.id, 'disconnect'));
  router.route(routes.pairingCode, ({ params, body }, ctx) =>
    requestPairingCode(ctx, params.id, body.number),
  );
  router.route(routes.restart, (_input, ctx) => restartConnections(ctx));
  router.route(routes.uploadMedia, ({ params }, ctx) => uploadGreetingMedia(ctx, params.id, ctx.files));
  router.route(routes.removeMedia, ({ params }, ctx) => removeGreetingMedia(ctx, params.id));
  router.route(routes.media, async ({ params }, ctx) =>
    // The address stays the same when the attachment is replaced: always revalidate.
    replyWithMedia(ctx.reply, await greetingMediaFile(ctx, params.id), 'private, no-cache'),
  );
  router.route(routes.closeImported, ({ params }, ctx) => closeImportedTickets(ctx, params.id));
}
