import type { UserFacingSocketConfig } from 'baileys';
import type { ServerDeps } from '../../platform/deps';
import type { ConnectionRef } from '../driver';
import { databaseAuthStore } from './auth-state';
import { WhatsappDriver, type WhatsappDriverOptions, type WhatsappSocket } from './driver';

/** The drivers the 'whatsapp' factory made, for what only WhatsApp does (pairing codes, logout). */
export interface WhatsappChannel {
  driver(connectionId: number): WhatsappDriver | undefined;
}

/**
 * Offers the 'whatsapp' channel in this process: each connection gets a Baileys driver whose login lives
 * in the database. Starting the stored connections stays with the caller (setupChannels).
 */
export function registerWhatsappChannel(
  deps: Pick<ServerDeps, 'db' | 'channels' | 'log'>,
  /** Tests hand in a fake socket (told which connection asks for it) and downloader. */
  options: Pick<Partial<WhatsappDriverOptions>, 'download'> & {
    makeSocket?: (config: UserFacingSocketConfig, connection: ConnectionRef) => WhatsappSocket;
  } = {},
): WhatsappChannel {
  const drivers = new Map<number, WhatsappDriver>();
  const { makeSocket } = options;
  deps.channels.register('whatsapp', (connection, events) => {
    const driver = new WhatsappDriver({
      connection,
      events,
      auth: databaseAuthStore(deps.db, connection.id),
      logger: deps.log.child({ whatsappId: connection.id }),
      download: options.download,
      makeSocket: makeSocket && ((config) => makeSocket(config, connection)),
    });
    drivers.set(connection.id, driver);
    return driver;
  });
  return { driver: (connectionId) => drivers.get(connectionId) };
}
