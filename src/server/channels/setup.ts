import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../platform/deps';
import { registerGraphChannels } from './meta/channel';
import { registerTestChannel } from './test/routes';
import { registerWhatsappChannel } from './whatsapp/channel';
import { offlineWhatsapp, registerOfflineWhatsappRoutes } from './whatsapp/offline';

/**
 * The channels step of buildApp: the drivers this process offers (WhatsApp always, over the network
 * only when config.whatsappSocket is 'baileys'; the Graph API channels at config.graph's address; the
 * test channel only when configured), then every stored connection of those channels that no other
 * server runs connected here (leases).
 */
export async function setupChannels(app: FastifyInstance, deps: ServerDeps) {
  const channels: string[] = ['whatsapp', ...(await registerGraphChannels(app, deps))];
  if (deps.config.whatsappSocket === 'fake') {
    const offline = offlineWhatsapp();
    registerWhatsappChannel(deps, { makeSocket: offline.makeSocket });
    if (deps.config.testChannel) registerOfflineWhatsappRoutes(app, deps, offline);
  } else {
    registerWhatsappChannel(deps);
  }
  if (deps.config.testChannel) {
    registerTestChannel(app, deps);
    channels.push('test');
  }
  await deps.sessions.start(channels);
}
