import { IMPORT_DONE, IMPORT_RUNNING, type ImportMessagesEvent } from '../../../shared/api/whatsapps';
import type { ConnectionRef, HistoryMessage, InboundMessage } from '../../channels/driver';
import type { Context, ServerDeps } from '../../platform/deps';
import { BufferedEvents, toCompany } from '../../platform/events';
import { tenantDb } from '../../platform/tenant';
import { publishClosedTickets } from '../tickets/publish';
import { closeImportedRows, importSettingsOf, updateConnectionRow } from './queries';
import { announceConnection } from './session';

/** History messages read (files downloaded) and stored together. */
const BATCH = 100;

/**
 * Closes the tickets the connection's history import made that are still going on, without farewell
 * messages (they are history, not attendances), and clears the import's state so its button goes away.
 * Events go to `ctx.events`.
 */
export async function closeImported(
  ctx: Pick<Context, 'db' | 'deps' | 'events'>,
  whatsappId: number,
  userId: number | null,
) {
  const closed = await closeImportedRows(ctx.db, whatsappId, userId);
  for (const status of new Set(closed.map((row) => row.status))) {
    const ids = closed.filter((row) => row.status === status).map((row) => row.id);
    await publishClosedTickets(ctx.db, ctx.events, ids, status);
  }
  return closed.length;
}

/**
 * 2-administration §4.1, the history import of one login: WhatsApp hands over the past after a new
 * login, in chunks. The messages within the connection's dates (groups only with importOldMessagesGroups)
 * are kept; while chunks keep coming the import is preparing (statusImportMessages holds the time of the
 * last chunk, progress says -1). Once WhatsApp says it is done, or sent nothing for config.importQuietMs
 * (35 s), they are stored oldest first through `store` (the pipeline without bots, events or unread
 * counts): statusImportMessages 'Running', progress per batch on importMessages-{companyId}. At the end
 * the imported tickets are closed (closedTicketsPostImported) or wait for the "close imported tickets"
 * button ('renderButtonCloseTickets'), and a refresh tells the screens to reload.
 *
 * What was handed over lives in memory until it is stored: a restart in between loses it (WhatsApp sends
 * history once per login; a new QR code asks for it again).
 */
export function historyImport(
  deps: ServerDeps,
  connection: ConnectionRef,
  store: (messages: InboundMessage[]) => Promise<unknown>,
) {
  const { id, companyId } = connection;
  // Outside any request: the connection names the company.
  const db = tenantDb(deps.db, companyId);
  const waiting: HistoryMessage[] = [];
  const taken = new Set<string>();
  let all = 0;
  let processed = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  /** The import was asked to start while one was finishing: the next round starts at once. */
  let startAgain = false;

  const progress = (status: { processed: number; all: number; date: string }) => {
    const payload: ImportMessagesEvent = { action: 'update', whatsappId: id, status };
    deps.realtime.publish(toCompany('importMessages', companyId, payload));
  };

  const setStatus = async (statusImportMessages: string) => {
    await updateConnectionRow(db, id, { statusImportMessages });
    await announceConnection(db, deps.realtime, id);
  };

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  async function importWaiting() {
    await setStatus(IMPORT_RUNNING);
    while (waiting.length > 0) {
      // Oldest first, so each ticket's last message is its newest.
      waiting.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
      const batch = waiting.splice(0, BATCH);
      const read = await Promise.all(batch.map((message) => message.read()));
      try {
        await store(read.filter((message): message is InboundMessage => message !== undefined));
      } catch (err) {
        deps.log.error({ err, whatsappId: id }, 'storing imported messages failed');
      }
      processed += batch.length;
      progress({ processed, all, date: batch.at(-1)!.timestamp.toISOString() });
    }
    const settings = await importSettingsOf(db, id);
    if (settings?.closeAfter) {
      const events = new BufferedEvents();
      await closeImported({ db, deps, events }, id, null);
      events.flush(deps.realtime);
      await announceConnection(db, deps.realtime, id);
    } else {
      await setStatus(IMPORT_DONE);
    }
    all = 0;
    processed = 0;
    const payload: ImportMessagesEvent = { action: 'refresh', whatsappId: id };
    deps.realtime.publish(toCompany('importMessages', companyId, payload));
  }

  /** After the last chunk, the quiet time; then the import. */
  function wait() {
    clearTimer();
    timer = setTimeout(start, deps.config.importQuietMs);
    timer.unref?.();
  }

  /** Runs the import of what waits, unless one runs (it takes what arrives meanwhile). */
  function start() {
    clearTimer();
    if (running) {
      startAgain = true;
      return;
    }
    if (waiting.length === 0) return;
    running = importWaiting()
      .catch((err) => deps.log.error({ err, whatsappId: id }, 'the history import failed'))
      .finally(() => {
        running = undefined;
        const now = startAgain;
        startAgain = false;
        // History that came while the import was finishing has its own round.
        if (now) start();
        else if (waiting.length > 0) wait();
      });
  }

  return {
    async wanted() {
      return (await importSettingsOf(db, id))?.enabled ?? false;
    },

    async receive(messages: HistoryMessage[], complete: boolean) {
      const settings = await importSettingsOf(db, id);
      if (!settings?.enabled) return;
      const from = settings.from?.getTime() ?? Number.NEGATIVE_INFINITY;
      const to = settings.to?.getTime() ?? Date.now();
      const wanted = messages.filter((message) => {
        const at = message.timestamp.getTime();
        return !taken.has(message.id) && at >= from && at <= to && (!message.group || settings.groups);
      });
      for (const message of wanted) taken.add(message.id);
      waiting.push(...wanted);
      all += wanted.length;
      if (!running && waiting.length > 0) {
        // Preparing: the screens show it for 35 s from the last chunk.
        await setStatus(String(Date.now()));
        progress({ processed: -1, all, date: new Date().toISOString() });
        wait();
      }
      if (complete) start();
    },
  };
}
