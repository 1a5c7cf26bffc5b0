import type { EventEmitter } from 'node:events';
import type { UserFacingSocketConfig } from 'baileys';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { whatsapps } from '../../db/schema';
import { actorIsAdmin } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { Authenticate, ServerDeps } from '../../platform/deps';
import type { ConnectionRef } from '../driver';
import { FakeSocket } from './fake-whatsapp';

/**
 * WhatsApp without WhatsApp, for servers under test (config.whatsappSocket 'fake': ATENDO_TEST_CHANNEL=1,
 * ATENDO_FAKE_WHATSAPP=1 and the server tests). Sockets never touch the network: each one offers a QR code
 * right after it starts (status qrcode) and stays there until the phone "scans" it.
 */
export function offlineWhatsapp() {
  const sockets = new Map<number, FakeSocket>();
  let made = 0;
  return {
    makeSocket(config: UserFacingSocketConfig, connection: ConnectionRef) {
      const socket = new FakeSocket(config);
      sockets.set(connection.id, socket);
      made++;
      const qr = `2@atendo-offline-qr,${connection.id},${made}`;
      // Baileys' first QR comes once the driver listens: offered when it subscribes to connection
      // updates (`newListener` fires just before the listener is added), however long it takes to.
      const emitter = socket.ev as unknown as EventEmitter;
      const offer = (event: string | symbol) => {
        if (event !== 'connection.update') return;
        emitter.off('newListener', offer);
        setImmediate(() => socket.showQr(qr));
      };
      emitter.on('newListener', offer);
      return socket;
    },
    socketOf: (connectionId: number) => sockets.get(connectionId),
  };
}

export type OfflineWhatsapp = ReturnType<typeof offlineWhatsapp>;

const connectionParams = z.object({ connectionId: z.coerce.number().int().positive() });

/**
 * ATENDO_TEST_CHANNEL=1 only: POST /api/test-channel/whatsapp/:connectionId/open plays the phone scanning
 * the QR code (the session turns CONNECTED), for journeys outside the process. An admin of the
 * connection's company only.
 */
export function registerOfflineWhatsappRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  offline: OfflineWhatsapp,
  authenticate: Authenticate,
) {
  app.post('/api/test-channel/whatsapp/:connectionId/open', async (req) => {
    const actor = await authenticate(req);
    if (!actorIsAdmin(actor)) throw forbidden();
    const { connectionId } = connectionParams.parse(req.params);
    const [own] = await deps.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, connectionId), eq(whatsapps.companyId, actor.companyId)));
    const socket = own && offline.socketOf(connectionId);
    if (!socket) throw notFound('ERR_NO_WAPP_FOUND');
    socket.open();
    return { ok: true };
  });
}
