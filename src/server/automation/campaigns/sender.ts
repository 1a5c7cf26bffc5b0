import { z } from 'zod';
import type { CampaignProgress } from '../../../shared/api/campaigns';
import {
  type CampaignFailReason,
  type CampaignPauseReason,
  type CampaignTicketStatus,
  fillCampaignVariables,
  isOptOut,
} from '../../../shared/campaigns';
import { wallClock } from '../../../shared/wall-clock';
import { ensureJob, quietTimers, scheduleJob } from '../../jobs/queries';
import { type Job, type JobHandler, retryDelayMs } from '../../jobs/runner';
import { CAMPAIGN_START } from '../../modules/campaigns/queries';
import { campaignShown } from '../../modules/campaigns/service';
import { readCampaignSenderSettings } from '../../modules/campaigns/settings';
import { findOrCreateConversation, type StoredBatch } from '../../modules/messages/inbound';
import { findMedia } from '../../modules/messages/media-store';
import { insertMessageOnce } from '../../modules/messages/queries';
import { formatBody } from '../../modules/messages/variables';
import { readCompanySettings } from '../../modules/settings/queries';
import { publishTicket } from '../../modules/tickets/publish';
import * as tq from '../../modules/tickets/queries';
import type { Tx } from '../../platform/database';
import type { ServerDeps } from '../../platform/deps';
import { BufferedEvents, toCompany } from '../../platform/events';
import { type TenantDb, tenantDb } from '../../platform/tenant';
import * as q from './queries';
import { dailyCeiling, nextDayStart, nextSendingTime, paceAfter } from './window';

/**
 * The campaign sender (docs/behaviour.md "Campaigns"), three kinds of durable job:
 * - a campaign's start (key: its id, scheduled by each save at its scheduledAt, so at once when that has
 *   passed) freezes its audience into shipping rows; the sweep (one for the platform, every 15 s) starts any
 *   due campaign left without one and gives a running campaign a lost tick back;
 * - a campaign's tick (key: its id) claims the next member(s) inside the sending window and under the
 *   connection's daily ceiling, queues each one's send in the same transaction, and comes back after
 *   the pace's interval;
 * - a member's send (key: its shipping row and step) sends through the channels' registry with the row as
 *   idempotency key and records the delivery in its transaction: a crash before the commit runs it again
 *   and the channel takes the same key once.
 */
export const CAMPAIGN_SWEEP = { kind: 'campaignSweep', key: 'platform', companyId: null } as const;
const SWEEP_EVERY_MS = 15_000;
const TICK = 'campaignTick';
const SEND = 'campaignSend';
/** Members claimed by one tick when the interval is 0: the batch keeps the sender's own cost low. */
const BATCH_AT_ZERO_INTERVAL = 50;
/** A run waiting on something outside it (a connection down, sends in flight) looks again this often. */
const RECHECK_MS = 60_000;
/** Channel errors before a member is failed (send-error). */
const MAX_SEND_ATTEMPTS = 3;

type Step = 'confirm' | 'message';
const sendPayload = z
  .object({ step: z.enum(['confirm', 'message']), ids: z.array(z.number().int()).min(1).optional() })
  .catch({ step: 'message' });

/** What a job's run leaves to do after its commit. */
type After = () => Promise<void>;

const tickJob = (campaign: { id: number; companyId: number }, delayMs: number) => ({
  kind: TICK,
  key: String(campaign.id),
  companyId: campaign.companyId,
  delayMs: Math.max(0, Math.round(delayMs)),
});

/** One job sends a batch of members (one unless the interval is 0), named by its first. */
const sendJob = (companyId: number, ids: number[], step: Step, delayMs = 0) => ({
  kind: SEND,
  key: step === 'message' ? `${ids[0]}` : `${ids[0]}:confirm`,
  companyId,
  payload: { step, ids },
  delayMs: Math.max(0, Math.round(delayMs)),
});

const variantsOf = (c: q.CampaignRow, prefix: 'message' | 'confirmationMessage') =>
  [1, 2, 3, 4, 5]
    .map((n) => c[`${prefix}${n}` as keyof q.CampaignRow] as string)
    .filter((text) => text.trim() !== '');

const pick = (texts: string[], random: () => number) =>
  texts.length === 0 ? '' : texts[Math.floor(random() * texts.length)]!;

/** No pause: what a run that sends (or no longer runs) records. */
const SENDING = { pauseReason: null, resumesAt: null } as const;

/**
 * Records why the run waits and until when (null: it sends); true when that changed, so the screens are told
 * (the campaign's status event carries it).
 */
async function recordPause(
  db: TenantDb,
  campaign: q.CampaignRow,
  pause: { reason: CampaignPauseReason; resumesAt: Date } | null,
) {
  const same =
    campaign.pauseReason === (pause?.reason ?? null) &&
    campaign.resumesAt?.getTime() === pause?.resumesAt.getTime();
  if (same) return false;
  await q.updateCampaign(
    db,
    campaign.id,
    pause ? { pauseReason: pause.reason, resumesAt: pause.resumesAt } : SENDING,
  );
  return true;
}

/** Audience members read, filled and stored at a time when a run starts: its memory stays one page's, whatever the audience's size. */
const AUDIENCE_PAGE = 500;

/**
 * At scheduledAt: the audience as it is now becomes the run's shipping rows (a new run replaces an earlier
 * one's), each member with one variant chosen at random and the campaign variables filled in; members the
 * list already knows invalid are failed at once.
 */
export async function startRun(db: TenantDb, campaign: q.CampaignRow, now: Date, random = Math.random) {
  const settings = await readCampaignSenderSettings(db);
  const messages = variantsOf(campaign, 'message');
  const confirmations = variantsOf(campaign, 'confirmationMessage');
  await q.deleteShipping(db, campaign.id);
  for (let after = 0; ; ) {
    const members = await q.audiencePage(db, campaign, after, AUDIENCE_PAGE);
    if (members.length === 0) break;
    after = members[members.length - 1]!.key;
    await q.insertShipping(
      db,
      members.map((m) => {
        const member = { name: m.name, number: m.number, email: m.email ?? '' };
        const invalid = m.valid === false;
        return {
          campaignId: campaign.id,
          contactListItemId: m.contactListItemId,
          contactId: m.contactId,
          number: m.number,
          name: m.name.slice(0, 250),
          email: member.email,
          message: fillCampaignVariables(pick(messages, random), member, settings.variables),
          confirmationMessage: campaign.confirmation
            ? fillCampaignVariables(pick(confirmations, random), member, settings.variables)
            : '',
          // Every row names the same columns (one statement per page).
          failedAt: invalid ? now : null,
          failReason: invalid ? ('invalid-number' satisfies CampaignFailReason) : null,
        };
      }),
    );
  }
  return q.updateCampaign(db, campaign.id, { status: 'EM_ANDAMENTO', completedAt: null, ...SENDING });
}

/** FINALIZADA with completedAt once every member is delivered or failed for good. */
async function finishIfDone(db: TenantDb, campaign: q.CampaignRow, now: Date) {
  if (campaign.status !== 'EM_ANDAMENTO') return false;
  if ((await q.countPending(db, campaign.id)) > 0) return false;
  await q.updateCampaign(db, campaign.id, { status: 'FINALIZADA', completedAt: now, ...SENDING });
  return true;
}

// ——— Realtime: status changes at once, progress at most once a second per campaign.

const PROGRESS_EVERY_MS = 1000;
const progressState = new WeakMap<ServerDeps, Map<number, { last: number; timer?: NodeJS.Timeout }>>();

export async function campaignProgress(db: TenantDb, campaign: q.CampaignRow): Promise<CampaignProgress> {
  if (campaign.status === 'INATIVA' || campaign.status === 'PROGRAMADA') {
    const { total, invalid } = await q.audienceFigures(db, campaign);
    return { total, valid: total - invalid, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 };
  }
  const f = await q.runFigures(db, campaign.id);
  return {
    total: f.total,
    valid: f.total - f.invalid,
    delivered: f.delivered,
    confirmationRequested: f.confirmationRequested,
    confirmed: f.confirmed,
    failed: f.failed,
  };
}

async function publishCampaign(deps: ServerDeps, companyId: number, campaignId: number) {
  const db = tenantDb(deps.db, companyId);
  const row = await q.findCampaignRow(db, campaignId);
  if (!row) return;
  const events = new BufferedEvents();
  events.publish(
    toCompany('campaign', companyId, {
      action: 'update',
      record: await campaignShown(db, row.id),
      progress: await campaignProgress(db, row),
    }),
  );
  events.flush(deps.realtime);
}

/** A status change: published now (and it resets the progress throttle). */
export function announceStatus(deps: ServerDeps, companyId: number, campaignId: number) {
  const state = progressState.get(deps)?.get(campaignId);
  if (state) {
    clearTimeout(state.timer);
    state.timer = undefined;
    state.last = Date.now();
  }
  return publishCampaign(deps, companyId, campaignId).catch((err: unknown) =>
    deps.log.warn({ err, campaignId }, 'publishing a campaign failed'),
  );
}

/** Progress: at most one event a second per campaign, the last change always told (a trailing event). */
function announceProgress(deps: ServerDeps, companyId: number, campaignId: number) {
  const states = progressState.get(deps) ?? new Map();
  progressState.set(deps, states);
  const state = states.get(campaignId) ?? { last: 0 };
  states.set(campaignId, state);
  if (state.timer) return;
  const wait = state.last + PROGRESS_EVERY_MS - Date.now();
  if (wait <= 0) {
    state.last = Date.now();
    void announceStatus(deps, companyId, campaignId);
    return;
  }
  state.timer = setTimeout(() => {
    state.timer = undefined;
    state.last = Date.now();
    void announceStatus(deps, companyId, campaignId);
  }, wait);
  state.timer.unref();
}

// ——— The jobs.

/** A PROGRAMADA campaign whose time has come starts its run and its first tick; true when it did. */
async function startDue(tx: Tx, due: { id: number; companyId: number }, now: Date) {
  const db = tenantDb(tx, due.companyId);
  const campaign = await q.lockCampaign(db, due.id, 'update');
  if (campaign?.status !== 'PROGRAMADA' || !campaign.scheduledAt || campaign.scheduledAt > now) return false;
  await startRun(db, campaign, now);
  await scheduleJob(tx, tickJob(campaign, 0));
  return true;
}

/** A campaign's start job (scheduled by every save at its scheduledAt): the run starts at its time, not at the sweep's next turn. */
function start(deps: ServerDeps): JobHandler {
  return {
    async run(tx, job) {
      if (job.companyId === null) return undefined;
      const due = { id: idOf(job), companyId: job.companyId };
      if (!(await startDue(tx, due, await q.clockNow(tx)))) return undefined;
      return async () => announceStatus(deps, due.companyId, due.id);
    },
  };
}

/** The safety net: campaigns due with no start job (lost, or written by other means) and runs without a tick. */
function sweep(deps: ServerDeps): JobHandler {
  return {
    async run(tx) {
      const started: { id: number; companyId: number }[] = [];
      const now = await q.clockNow(tx);
      for (const due of await q.dueCampaigns(tx, 20)) if (await startDue(tx, due, now)) started.push(due);
      for (const lost of await q.runningWithoutTick(tx, TICK)) await scheduleJob(tx, tickJob(lost, 0));
      await scheduleJob(tx, { ...CAMPAIGN_SWEEP, delayMs: SWEEP_EVERY_MS });
      return async () => {
        for (const c of started) await announceStatus(deps, c.companyId, c.id);
      };
    },
  };
}

const idOf = (job: Job) => Number.parseInt(job.key, 10);

function tick(deps: ServerDeps): JobHandler {
  return {
    async run(tx, job) {
      if (job.companyId === null) return undefined;
      const db = tenantDb(tx, job.companyId);
      const campaign = await q.lockCampaign(db, idOf(job), 'update');
      if (campaign?.status !== 'EM_ANDAMENTO') return undefined;
      // A change of status or pause is told at once; progress at most once a second.
      const after =
        (changed: boolean): After =>
        async () =>
          changed
            ? announceStatus(deps, campaign.companyId, campaign.id)
            : announceProgress(deps, campaign.companyId, campaign.id);
      const again = (delayMs: number) => scheduleJob(tx, tickJob(campaign, delayMs));
      const now = await q.clockNow(tx);
      const settings = await readCampaignSenderSettings(db);
      const timeZone = await q.companyTimeZone(db);

      let deadline: Date | null = null;
      if (campaign.confirmation)
        deadline = await q.expireUnanswered(db, campaign.id, settings.confirmationWaitHours, now);

      const opens = nextSendingTime(now, timeZone, settings);
      if (opens > now) {
        await again(opens.getTime() - now.getTime());
        return after(await recordPause(db, campaign, { reason: 'window', resumesAt: opens }));
      }
      const connection =
        campaign.whatsappId === null ? undefined : await q.findConnectionRow(db, campaign.whatsappId);
      if (!connection) {
        await again(RECHECK_MS);
        return undefined;
      }
      const ceiling = dailyCeiling(connection.createdAt, now, settings);
      const room = ceiling - (await q.dailySends(db, connection.id, wallClock(now, timeZone).day));
      if (room <= 0) {
        const tomorrow = nextSendingTime(nextDayStart(now, timeZone), timeZone, settings);
        await again(tomorrow.getTime() - now.getTime());
        // The warm-up's when its ceiling is below the one the settings give (none when dailyLimit is 0).
        const byWarmUp = ceiling < dailyCeiling(connection.createdAt, now, { ...settings, warmUp: false });
        return after(
          await recordPause(db, campaign, {
            reason: byWarmUp ? 'warm-up' : 'daily-limit',
            resumesAt: tomorrow,
          }),
        );
      }
      const before = await q.countClaimed(db, campaign.id);
      // A batch never runs past the next longer pause: it comes after exactly longerIntervalAfter messages.
      const longer = settings.longerIntervalAfter > 0 && settings.greaterInterval > 0;
      const untilLonger = longer
        ? settings.longerIntervalAfter - (before % settings.longerIntervalAfter)
        : Infinity;
      const batch = Math.min(settings.messageInterval === 0 ? BATCH_AT_ZERO_INTERVAL : 1, room, untilLonger);
      const claimed = await q.claimMembers(db, campaign, batch, now);
      const step: Step = campaign.confirmation ? 'confirm' : 'message';
      if (claimed.length) await scheduleJob(tx, sendJob(campaign.companyId, claimed, step));
      if (claimed.length > 0) {
        await again(paceAfter(before + claimed.length, settings, Math.random()));
        return after(await recordPause(db, campaign, null));
      }
      if (await finishIfDone(db, campaign, now)) return after(true);
      // Nothing left to claim: sends in flight, or answers awaited until their deadline.
      const wait = deadline ? Math.min(deadline.getTime() - now.getTime(), RECHECK_MS) : RECHECK_MS;
      await again(Math.max(wait, 1000));
      return undefined;
    },
  };
}

interface Sending {
  db: TenantDb;
  campaign: q.CampaignRow;
  row: q.ShippingRow;
  step: Step;
  now: Date;
}

/** The member's ticket (openTicket): found or created as for a message we write, with the campaign's status, user and queue; no bot runs. */
async function openMemberTicket({ db, campaign, row }: Sending, connection: tq.ConnectionRow) {
  const settings = await readCompanySettings(db);
  const { contact, ticket, before } = await findOrCreateConversation(db, connection, settings, {
    number: row.number,
    name: row.name || row.number,
  });
  const status = campaign.statusTicket as CampaignTicketStatus;
  const opened = await tq.updateTicketRow(db, ticket.id, {
    status,
    userId: status === 'pending' ? null : campaign.userId,
    queueId: campaign.queueId ?? ticket.queueId,
    isBot: false,
  });
  return { contact, ticket: opened, before: before ?? ticket };
}

/** What one member's send came to. */
type Outcome =
  | { kind: 'sent' }
  | { kind: 'failed'; reason: CampaignFailReason }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'skip' };

/**
 * Sends a batch of claimed members (one, or up to 50 when the interval is 0) in the job's transaction: what
 * every member shares (the campaign, settings, connection, file) is read once, each member's send is
 * recorded beside it, and a crash before the commit runs the batch again under the same idempotency keys.
 */
function send(deps: ServerDeps): JobHandler {
  return {
    async run(tx: Tx, job) {
      if (job.companyId === null) return undefined;
      const db = tenantDb(tx, job.companyId);
      const payload = sendPayload.parse(job.payload);
      const step = payload.step;
      const ids = payload.ids ?? [idOf(job)];
      // Lock order as every other writer: the campaign first, then its members.
      const peek = await q.findShipping(db, ids[0]!);
      if (!peek) return undefined;
      const campaign = await q.lockCampaign(db, peek.campaignId, 'share');
      if (!campaign) return undefined;
      const rows = (await q.lockShippingRows(db, ids)).filter(
        (r) => !r.deliveredAt && !r.failedAt && !(step === 'confirm' && r.confirmationRequestedAt),
      );
      if (rows.length === 0) return undefined;
      const now = await q.clockNow(tx);
      const retry = (members: number[], delayMs: number) =>
        members.length ? scheduleJob(tx, sendJob(campaign.companyId, members, step, delayMs)) : undefined;
      if (campaign.status !== 'EM_ANDAMENTO') {
        // Cancelled before they went: the members go back to the run's unsent ones (a restart sends them).
        if (step === 'confirm' || !campaign.confirmation)
          await q.releaseClaims(
            db,
            rows.map((r) => r.id),
          );
        return undefined;
      }
      const connection =
        campaign.whatsappId === null ? undefined : await tq.findConnection(db, campaign.whatsappId);
      const driver = connection && (await deps.channels.sendingDriver(connection.id));
      if (!connection || !driver) {
        await retry(
          rows.map((r) => r.id),
          RECHECK_MS,
        );
        return undefined;
      }
      const settings = await readCampaignSenderSettings(db);
      const timeZone = await q.companyTimeZone(db);
      // An answered confirmation is a reply the member asked for: only the first message waits for the window.
      if (step === 'confirm' || !campaign.confirmation) {
        const opens = nextSendingTime(now, timeZone, settings);
        if (opens > now) {
          await retry(
            rows.map((r) => r.id),
            opens.getTime() - now.getTime(),
          );
          return undefined;
        }
      }
      const optedOut = await q.optedOutAmong(
        db,
        rows.map((r) => r.number),
      );
      const day = wallClock(now, timeZone).day;
      const ceiling = dailyCeiling(connection.createdAt, now, settings);
      const tomorrow = () =>
        nextSendingTime(nextDayStart(now, timeZone), timeZone, settings).getTime() - now.getTime();
      const media = step === 'message' && campaign.mediaPath ? await mediaOf(deps, campaign) : undefined;
      const tickets: { id: number; before: Parameters<typeof publishTicket>[3] }[] = [];
      // The day's places for the whole batch at once; those it does not use are given back at the end.
      let places = await q.takeDailySends(db, connection.id, day, ceiling, rows.length);
      const granted = places;

      const sendOne = async (row: q.ShippingRow): Promise<Outcome> => {
        if (optedOut.has(row.number)) return { kind: 'failed', reason: 'opt-out' };
        let number: string | null;
        try {
          number = await driver.checkNumber(row.number);
        } catch (err) {
          deps.log.warn({ err, shippingId: row.id }, 'checking a campaign number failed');
          return { kind: 'retry', delayMs: retryDelayMs(1) };
        }
        if (!number) return { kind: 'failed', reason: 'invalid-number' };
        if (places === 0) return { kind: 'retry', delayMs: tomorrow() };
        places--;
        const opened =
          step === 'message' && campaign.openTicket
            ? await openMemberTicket({ db, campaign, row, step, now }, connection)
            : undefined;
        const body = formatBody(step === 'confirm' ? row.confirmationMessage : row.message, {
          contactName: row.name,
          ticketId: opened?.ticket.id ?? 0,
          connectionName: connection.name,
          timeZone,
          now,
        });
        const idempotencyKey = `campaign-shipping:${row.id}:${step}`;
        let sentId: string;
        try {
          if (!body.trim() && !media) throw new Error('the campaign has no message');
          sentId = media
            ? (await driver.sendMedia(number, { ...media, caption: body || undefined }, { idempotencyKey }))
                .id
            : (await driver.sendText(number, body, { idempotencyKey })).id;
        } catch (err) {
          deps.log.warn({ err, shippingId: row.id }, 'a campaign message was not sent');
          const attempts = row.attempts + 1;
          await q.updateShipping(db, row.id, { attempts });
          if (attempts >= MAX_SEND_ATTEMPTS) return { kind: 'failed', reason: 'send-error' };
          return { kind: 'retry', delayMs: retryDelayMs(attempts) };
        }
        if (opened) {
          // The campaign's message is the ticket's history, not an attendant's: it arms no ticket timer.
          await quietTimers(tx);
          await insertMessageOnce(db, {
            ticketId: opened.ticket.id,
            contactId: opened.contact.id,
            queueId: opened.ticket.queueId,
            userId: null,
            body,
            fromMe: true,
            read: true,
            wid: sentId,
          });
          await tq.updateTicketRow(db, opened.ticket.id, { lastMessage: body || (media?.filename ?? '') });
          tickets.push({ id: opened.ticket.id, before: opened.before });
        }
        return { kind: 'sent' };
      };

      const sent: number[] = [];
      const retries = new Map<number, number[]>();
      for (const row of rows) {
        const outcome = await sendOne(row);
        if (outcome.kind === 'sent') sent.push(row.id);
        else if (outcome.kind === 'failed')
          await q.updateShipping(db, row.id, { failedAt: now, failReason: outcome.reason });
        else if (outcome.kind === 'retry')
          retries.set(outcome.delayMs, [...(retries.get(outcome.delayMs) ?? []), row.id]);
      }
      await q.markSent(db, sent, step === 'confirm' ? 'confirmationRequestedAt' : 'deliveredAt', now);
      await q.giveBackDailySends(db, connection.id, day, granted - sent.length);
      for (const [delayMs, members] of retries) await retry(members, delayMs);
      const finished = await finishIfDone(db, campaign, now);
      return async () => {
        if (tickets.length) {
          const events = new BufferedEvents();
          const company = tenantDb(deps.db, campaign.companyId);
          for (const t of tickets) await publishTicket(company, events, t.id, t.before);
          events.flush(deps.realtime);
        }
        if (finished) await announceStatus(deps, campaign.companyId, campaign.id);
        else announceProgress(deps, campaign.companyId, campaign.id);
      };
    },
  };
}

async function mediaOf(deps: ServerDeps, campaign: q.CampaignRow) {
  const stored = campaign.mediaPath && (await findMedia(deps.media, campaign.companyId, campaign.mediaPath));
  if (!stored) return undefined;
  return {
    filename: campaign.mediaName ?? campaign.mediaPath!,
    mimetype: stored.type,
    data: await stored.read(),
  };
}

export async function registerCampaignSender(deps: ServerDeps) {
  deps.jobs.register(CAMPAIGN_SWEEP.kind, sweep(deps));
  deps.jobs.register(CAMPAIGN_START, start(deps));
  deps.jobs.register(TICK, tick(deps));
  deps.jobs.register(SEND, send(deps));
  await ensureJob(deps.db, CAMPAIGN_SWEEP);
}

// ——— Cancel and restart (the routes), in the caller's transaction.

/** EM_ANDAMENTO → CANCELADA: the tick stops, and a send not yet gone gives its member back. */
export async function cancelRun(db: TenantDb, campaign: q.CampaignRow) {
  return q.updateCampaign(db, campaign.id, { status: 'CANCELADA', ...SENDING });
}

/** CANCELADA → EM_ANDAMENTO: the run goes on with the members not yet sent (answered ones first). */
export async function restartRun(db: TenantDb, campaign: q.CampaignRow) {
  const row = await q.updateCampaign(db, campaign.id, {
    status: 'EM_ANDAMENTO',
    completedAt: null,
    ...SENDING,
  });
  // The jobs' table names its company in each row: the raw handle of this transaction writes them.
  if (campaign.confirmation) {
    for (const id of await q.answeredUnsent(db, campaign.id))
      await scheduleJob(db.unscoped, sendJob(campaign.companyId, [id], 'message'));
  }
  await scheduleJob(db.unscoped, tickJob(campaign, 0));
  return row;
}

// ——— What contacts write: opt-outs and confirmation answers.

const inboundWork = new WeakMap<ServerDeps, Set<Promise<void>>>();

/** Resolves when every stored batch handed to the campaigns so far has been looked at (tests wait on it). */
export async function campaignInboundSettled(deps: ServerDeps) {
  await Promise.all([...(inboundWork.get(deps) ?? [])]);
}

/**
 * A stored inbound batch: a contact who wrote an opt-out keyword is recorded (skipped by every later
 * send), and an answer to a confirmation request is recorded and sends that member the campaign's message.
 */
export function campaignInbound(deps: ServerDeps, batch: StoredBatch) {
  const written = batch.stored.filter(({ message, ticket }) => !message.fromMe && !ticket.isGroup);
  if (written.length === 0) return;
  const work = handleInbound(deps, batch, written).catch((err: unknown) =>
    deps.log.error({ err }, 'campaign answers failed'),
  );
  const pending = inboundWork.get(deps) ?? new Set();
  inboundWork.set(deps, pending);
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

async function handleInbound(deps: ServerDeps, batch: StoredBatch, written: StoredBatch['stored']) {
  const { connection } = batch;
  const company = tenantDb(deps.db, connection.companyId);
  // Most batches concern no campaign: two reads tell, before a transaction is opened on the inbound path.
  const settings = await readCampaignSenderSettings(company);
  const optingOut = written.some(({ message }) => isOptOut(message.body, settings.optOutKeywords));
  if (!optingOut && !(await q.confirmationRunningOn(company, connection.id))) return;
  const answered = await company.transaction(async (db) => {
    const now = await q.clockNow(db.unscoped);
    const rows: { id: number; campaignId: number }[] = [];
    for (const { message, ticket } of written) {
      const number = ticket.contact.number;
      if (isOptOut(message.body, settings.optOutKeywords)) {
        await q.recordOptOut(db, number, message.body.trim());
        continue;
      }
      for (const r of await q.recordAnswer(db, connection.id, number, message.body, now)) {
        await scheduleJob(db.unscoped, sendJob(connection.companyId, [r.id], 'message'));
        rows.push(r);
      }
    }
    return rows;
  });
  if (answered.length === 0) return;
  deps.jobs.nudge();
  for (const campaignId of new Set(answered.map((r) => r.campaignId)))
    announceProgress(deps, connection.companyId, campaignId);
}
