import path from 'node:path';
import type { tickets } from '../db/schema';
import { copyMedia, findMedia, removeMedia } from '../modules/messages/media-store';
import { deliverQueued, type QueuedMessage, queueFile, queueText } from '../modules/messages/outbound';
import { type TicketLogType, track, writeLog } from '../modules/tickets/history-queries';
import { publishMessage, publishTicket } from '../modules/tickets/publish';
import * as q from '../modules/tickets/queries';
import type { Tx } from '../platform/database';
import type { ServerDeps } from '../platform/deps';
import { BufferedEvents } from '../platform/events';
import type { MediaStore } from '../platform/media';
import { type TenantDb, tenantDb } from '../platform/tenant';

/** What one routing decision changed, to send and announce once its transaction has committed. */
export interface BotAnswer {
  ticket: q.TicketRow;
  before: q.TicketRow;
  outgoing: QueuedMessage[];
}

/** The limits of a connection's bots (2-administration §3 maxUseBotQueues, timeUseBotQueues). */
type BotLimits = Pick<q.ConnectionRow, 'maxUseBotQueues' | 'timeUseBotQueues'>;

/**
 * Whether the bots may answer the ticket again: fewer than maxUseBotQueues answers so far (0: no
 * limit) and none within the last timeUseBotQueues minutes.
 */
export function botMayAnswer(ticket: q.TicketRow, limits: BotLimits, now: Date): boolean {
  if (limits.maxUseBotQueues > 0 && ticket.amountUsedBotQueues >= limits.maxUseBotQueues) return false;
  if (!ticket.botAnsweredAt || limits.timeUseBotQueues <= 0) return true;
  return now.getTime() - ticket.botAnsweredAt.getTime() >= limits.timeUseBotQueues * 60_000;
}

/** A file the bots send: stored in the company's media (a file list's, a greeting's), with its caption. */
interface BotFile {
  path: string;
  caption: string;
  mimetype?: string | null;
}

/** The name a file goes out under: its caption's first line (the stored name is a random one) and its type. */
function sentFilename(caption: string, storedName: string) {
  const extension = path.extname(storedName);
  const title = caption
    .split('\n')[0]!
    .replace(/[\\/:*?"<>|]/g, '')
    .trim()
    .slice(0, 60);
  return title ? `${title}${extension}` : storedName;
}

interface TurnOptions {
  /** Where the company's media are kept: a turn that sends files needs it. */
  media?: MediaStore;
  /** false: what the turn says is no bot answer (the timers') and leaves the bots' limits alone. */
  counted?: boolean;
}

/**
 * One bot turn inside the routing transaction: the ticket's changes, its log entries and the texts and
 * files the bots send, applied in order. Whatever the turn says counts once against maxUseBotQueues
 * (dated in botAnsweredAt), and starts the count afresh when the contact moved on (a valid answer): the
 * limits hold back repeated questions, never the next step of a conversation.
 */
export class BotTurn {
  ticket: q.TicketRow;
  readonly outgoing: QueuedMessage[] = [];
  /** Files copied for this turn's messages: removed again if the transaction fails. */
  readonly copied: string[] = [];
  /** The ticket's company's handle over the routing transaction. */
  readonly db: TenantDb;
  private movedOn = false;

  constructor(
    readonly tx: Tx,
    readonly before: q.TicketRow,
    readonly now: Date,
    private readonly options: TurnOptions = {},
  ) {
    this.ticket = before;
    this.db = tenantDb(tx, before.companyId);
  }

  async change(changes: Partial<typeof tickets.$inferInsert>) {
    this.ticket = await q.updateTicketRow(this.db, this.ticket.id, changes);
  }

  log(type: TicketLogType, by: { userId?: number | null; queueId?: number | null } = {}) {
    return writeLog(this.db, this.ticket, type, { queueId: this.ticket.queueId, ...by });
  }

  track(changes: Parameters<typeof track>[2]) {
    return track(this.db, this.ticket, changes);
  }

  /** The contact answered validly: what the bots say next is a new question, not a repeated one. */
  movedOnward() {
    this.movedOn = true;
  }

  /** Texts (empty ones left out), each its own message. */
  async say(...texts: (string | null | undefined)[]) {
    for (const text of texts) {
      if (text?.trim())
        this.outgoing.push(
          await queueText(tenantDb(this.tx, this.ticket.companyId), this.ticket, text, null),
        );
    }
  }

  /** A file with its caption; a file no longer stored sends its caption as text. */
  async sendFile(file: BotFile) {
    const { media } = this.options;
    const { companyId } = this.ticket;
    if (media === undefined) throw new Error('a bot turn without the media store cannot send files');
    const stored = await findMedia(media, companyId, file.path);
    const copy = stored && (await copyMedia(media, companyId, file.path));
    if (!stored || !copy) return this.say(file.caption);
    this.copied.push(copy);
    const mimetype = file.mimetype || stored.type;
    const filename = sentFilename(file.caption, file.path);
    this.outgoing.push(
      await queueFile(tenantDb(this.tx, companyId), this.ticket, file.caption, {
        mediaUrl: copy,
        filename,
        mimetype,
      }),
    );
  }

  /** Closes the ticket (the bots' count starts again for a next attendance). */
  async close(type: TicketLogType) {
    await this.change({ status: 'closed', amountUsedBotQueues: 0, botAnsweredAt: null, chatbotId: null });
    await this.log(type);
    await this.track({ closedAt: this.now });
  }

  /** Counts what was said and hands the turn's outcome over for sending; undefined when nothing happened. */
  async finish(): Promise<BotAnswer | undefined> {
    const last = this.outgoing.at(-1);
    if (!last) return this.ticket === this.before ? undefined : this.answer();
    const counted =
      this.ticket.status === 'closed' || this.options.counted === false
        ? {}
        : {
            amountUsedBotQueues: this.movedOn ? 1 : this.ticket.amountUsedBotQueues + 1,
            botAnsweredAt: this.now,
          };
    await this.change({ ...counted, lastMessage: last.file?.filename ?? last.body });
    return this.answer();
  }

  private answer(): BotAnswer {
    return { ticket: this.ticket, before: this.before, outgoing: this.outgoing };
  }

  /** After a failed transaction: the copies made for its messages go. */
  discard() {
    const { media } = this.options;
    return media === undefined ? undefined : removeMedia(media, this.before.companyId, this.copied);
  }
}

/**
 * A turn in one go: the ticket's changes, then its texts (empty ones left out); undefined when nothing
 * changed. The timers' answers (counted false) leave the bots' limits alone.
 */
export async function answerAsBot(
  tx: Tx,
  before: q.TicketRow,
  changes: Partial<typeof tickets.$inferInsert>,
  texts: string[],
  now: Date,
  counted = true,
): Promise<BotAnswer | undefined> {
  const turn = new BotTurn(tx, before, now, { counted });
  if (Object.keys(changes).length > 0) await turn.change(changes);
  await turn.say(...texts);
  return turn.finish();
}

/** After the commit: the texts go out through the connection, then the ticket and messages are announced. */
export async function publishBotAnswer(deps: ServerDeps, to: string, answer: BotAnswer) {
  const { ticket, before, outgoing } = answer;
  await deliverQueued({ db: tenantDb(deps.db, ticket.companyId), deps }, ticket.whatsappId, to, outgoing);
  const events = new BufferedEvents();
  const company = tenantDb(deps.db, ticket.companyId);
  await publishTicket(company, events, ticket.id, before);
  for (const message of outgoing) await publishMessage(company, events, message.id, 'create');
  events.flush(deps.realtime);
}
