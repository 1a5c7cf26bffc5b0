import type { WhatsappEvent } from '../../../shared/api/whatsapps';
import type { ConnectionRef, ConnectionStatus } from '../../channels/driver';
import type { ServerDeps } from '../../platform/deps';
import { type Emitter, toCompany } from '../../platform/events';
import { type TenantDb, tenantDb } from '../../platform/tenant';
import { connectionRows, storeStatus } from './queries';

/**
 * What a connection's driver reports about its session (2-administration §4.1), stored and announced:
 * the QR code only while the status is qrcode; retries counts the starts since the last time it was
 * CONNECTED; the number is the connected account's. Announced on company-{id}-whatsappSession (the QR
 * only to users who may connect, everyone else gets it empty) and company-{id}-whatsapp. The driver
 * runs outside any request: the connection names its company.
 */
export async function storeSessionStatus(
  deps: ServerDeps,
  connection: Pick<ConnectionRef, 'id' | 'companyId'>,
  status: ConnectionStatus,
  qr?: string,
) {
  const { companyId } = connection;
  const db = tenantDb(deps.db, companyId);
  const number = status === 'CONNECTED' ? deps.channels.driverOf(connection.id)?.number : undefined;
  const row = await storeStatus(db, connection.id, { status, qr, number });
  // Deleted meanwhile: nothing to announce.
  if (!row) return;
  const session = { id: row.id, status: row.status, retries: row.retries, number: row.number };
  // The table's rule shows the QR code only to those who may act on connections.
  deps.realtime.publish(
    toCompany('whatsappSession', companyId, {
      action: 'update',
      session: { ...session, qrcode: row.qrcode },
    }),
  );
  await announceConnection(db, deps.realtime, row.id);
}

/** company-{id}-whatsapp with the connection's row as it is now, outside any request (drivers, imports). */
export async function announceConnection(db: TenantDb, realtime: Emitter, id: number) {
  const [whatsapp] = await connectionRows(db, [id]);
  if (whatsapp) {
    const payload: WhatsappEvent = { action: 'update', whatsapp };
    realtime.publish(toCompany('whatsapp', db.companyId, payload));
  }
}
