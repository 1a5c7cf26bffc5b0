import { eq, sql } from 'drizzle-orm';
import type { WhatsappEvent } from '../../../shared/api/whatsapps';
import type { ConnectionStatus } from '../../channels/driver';
import { whatsapps } from '../../db/schema';
import type { ServerDeps } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import { connectionRows } from './queries';

/**
 * What a connection's driver reports about its session (2-administration §4.1), stored and announced:
 * the QR code only while the status is qrcode; retries counts the starts since the last time it was
 * CONNECTED; the number is the connected account's. Announced on company-{id}-whatsappSession (the QR
 * only to users who may connect, everyone else gets it empty) and company-{id}-whatsapp.
 */
export async function storeSessionStatus(
  deps: ServerDeps,
  connectionId: number,
  status: ConnectionStatus,
  qr?: string,
) {
  const number = status === 'CONNECTED' ? deps.channels.driverOf(connectionId)?.number : undefined;
  const [row] = await deps.db
    .update(whatsapps)
    .set({
      status,
      qrcode: status === 'qrcode' ? (qr ?? '') : '',
      ...(status === 'OPENING' ? { retries: sql`${whatsapps.retries} + 1` } : {}),
      ...(status === 'CONNECTED' ? { retries: 0 } : {}),
      ...(number ? { number } : {}),
      updatedAt: new Date(),
    })
    .where(eq(whatsapps.id, connectionId))
    .returning();
  // Deleted meanwhile: nothing to announce.
  if (!row) return;
  const { companyId } = row;
  const session = { id: row.id, status: row.status, retries: row.retries, number: row.number };
  // The table's rule shows the QR code only to those who may act on connections.
  deps.realtime.publish(
    toCompany('whatsappSession', companyId, {
      action: 'update',
      session: { ...session, qrcode: row.qrcode },
    }),
  );
  await announceConnection(deps, companyId, row.id);
}

/** company-{id}-whatsapp with the connection's row as it is now, outside any request (drivers, imports). */
export async function announceConnection(
  deps: Pick<ServerDeps, 'db' | 'realtime'>,
  companyId: number,
  id: number,
) {
  const [whatsapp] = await connectionRows(deps.db, companyId, [id]);
  if (whatsapp) {
    const payload: WhatsappEvent = { action: 'update', whatsapp };
    deps.realtime.publish(toCompany('whatsapp', companyId, payload));
  }
}
