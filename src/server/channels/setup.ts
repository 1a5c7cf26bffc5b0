import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../http/router';
import { connectStoredChannels } from './pipeline';
import { registerTestChannel } from './test/routes';

/**
 * The channels step of buildApp: the drivers this process offers (the test channel only when
 * configured), then every stored connection of those channels connected.
 */
export async function setupChannels(app: FastifyInstance, deps: ServerDeps) {
  const channels: string[] = [];
  if (deps.config.testChannel) {
    registerTestChannel(app, deps);
    channels.push('test');
  }
  await connectStoredChannels(deps, channels);
}
