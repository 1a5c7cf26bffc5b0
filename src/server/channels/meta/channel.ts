import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../platform/deps';
import { CloudApiDriver } from '../cloud/driver';
import type { ChannelEvents, ConnectionRef } from '../driver';
import { GRAPH_CHANNELS, loadGraphAccount } from './accounts';
import { MessengerDriver } from './messenger';
import type { GraphDriverOptions } from './session';
import { registerGraphWebhook } from './webhook';

/**
 * Offers the Graph API channels in this process: facebook and instagram over the Messenger Platform,
 * whatsappapi over the WhatsApp Cloud API, and the webhook endpoint they all receive through.
 */
export async function registerGraphChannels(app: FastifyInstance, deps: ServerDeps) {
  const options = (connection: ConnectionRef, events: ChannelEvents): GraphDriverOptions => ({
    connection,
    events,
    config: deps.config.graph,
    loadAccount: () => loadGraphAccount(deps.db, connection.id),
    log: deps.log.child({ whatsappId: connection.id }),
  });
  for (const channel of GRAPH_CHANNELS) {
    deps.channels.register(
      channel,
      (connection, events) =>
        channel === 'whatsappapi'
          ? new CloudApiDriver(options(connection, events))
          : new MessengerDriver(options(connection, events)),
      // Graph drivers hold no session: any server may make one to send or to read a webhook.
      { sessionless: true },
    );
  }
  await registerGraphWebhook(app, deps);
  return [...GRAPH_CHANNELS];
}
