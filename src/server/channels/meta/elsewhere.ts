import type { ServerDeps } from '../../platform/deps';
import type { ChannelDriver, ConnectionRef } from '../driver';
import { channelEvents } from '../pipeline';
import { connectedGraphConnection } from './accounts';

/**
 * The Graph API's drivers hold no session: where another server runs a connection (or none does yet), a
 * driver made here for one use reads its webhooks and sends for it. It is never connected nor kept; the
 * echoes of what it sends carry this app's id, so whichever server reads them drops them.
 */
export function driverMadeHere(deps: ServerDeps, connection: ConnectionRef) {
  return deps.channels.detached(connection, channelEvents(deps, connection));
}

/**
 * The driver that sends for a connection: the one running here, or, for a Graph API connection another
 * server runs (CONNECTED in the database), one made here.
 */
export async function sendingDriver(
  deps: ServerDeps,
  connectionId: number,
): Promise<ChannelDriver | undefined> {
  const running = deps.channels.connected(connectionId);
  if (running) return running;
  const elsewhere = await connectedGraphConnection(deps.db, connectionId);
  return elsewhere && driverMadeHere(deps, elsewhere);
}
