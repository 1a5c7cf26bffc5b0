import type { ServerDeps } from '../../http/router';
import { databaseAuthStore } from './auth-state';
import { WhatsappDriver, type WhatsappDriverOptions } from './driver';

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
  /** Tests hand in a fake socket and downloader. */
  options: Pick<Partial<WhatsappDriverOptions>, 'makeSocket' | 'download'> = {},
): WhatsappChannel {
  const drivers = new Map<number, WhatsappDriver>();
  deps.channels.register('whatsapp', (connection, events) => {
    const driver = new WhatsappDriver({
      connection,
      events,
      auth: databaseAuthStore(deps.db, connection.id),
      logger: deps.log.child({ whatsappId: connection.id }),
      ...options,
    });
    drivers.set(connection.id, driver);
    return driver;
  });
  return { driver: (connectionId) => drivers.get(connectionId) };
}
