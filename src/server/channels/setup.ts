import type { FastifyInstance } from 'fastify';
import type { Authenticate, ServerDeps } from '../platform/deps';
import { registerGraphChannels } from './meta/channel';
import {
  type OfflineWhatsapp,
  offlineWhatsapp,
  registerOfflineWhatsappRoutes,
} from './test/offline-whatsapp';
import { registerTestChannel } from './test/routes';
import { registerWhatsappChannel } from './whatsapp/channel';

export interface ChannelsSetup {
  /** Who calls the test channel's own routes (they are not in the contract). */
  authenticate: Authenticate;
  /** With config.whatsappSocket 'fake': the offline sockets to use (tests hold them to play the phone). */
  offline?: OfflineWhatsapp;
}

/**
 * The channels step of buildApp: the drivers this process offers (WhatsApp always, over the network
 * only when config.whatsappSocket is 'baileys'; the Graph API channels at config.graph's address; the
 * test channel only when configured), then every stored connection of those channels that no other
 * server runs connected here (leases).
 */
export async function setupChannels(app: FastifyInstance, deps: ServerDeps, setup: ChannelsSetup) {
  const channels: string[] = ['whatsapp', ...(await registerGraphChannels(app, deps))];
  if (deps.config.whatsappSocket === 'fake') {
    const offline = setup.offline ?? offlineWhatsapp();
    registerWhatsappChannel(deps, { makeSocket: offline.makeSocket });
    if (deps.config.testChannel) registerOfflineWhatsappRoutes(app, deps, offline, setup.authenticate);
  } else {
    registerWhatsappChannel(deps);
  }
  if (deps.config.testChannel) {
    registerTestChannel(app, deps, setup.authenticate);
    channels.push('test');
  }
  await deps.sessions.start(channels);
}
