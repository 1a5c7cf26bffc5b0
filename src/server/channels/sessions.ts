import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AppError } from '../platform/app-error';
import type { DbOrTx } from '../platform/database';
import type { ServerDeps } from '../platform/deps';
import {
  type CommandAction,
  claimCommands,
  finishCommand,
  removeStaleCommands,
  type SessionAction,
  submitCommand,
  takeOutcome,
  withdrawCommand,
} from './commands';
import type { ChannelDriver, ConnectionRef } from './driver';
import {
  findConnectionRef,
  leaseHolder,
  leaseOwners,
  releaseLeases,
  releaseLeasesOf,
  renewLeases,
  takeLease,
  unleasedConnections,
} from './leases';
import { type DriverCall, decodeWire, encodeWire, invoke, RemoteDriver } from './remote';
import { Wakeups } from './wakeups';
import { databaseAuthStore } from './whatsapp/auth-state';

export interface LeaseTiming {
  /** How long a lease lives without a heartbeat: how soon another process takes over a dead owner's sessions. */
  ttlMs: number;
  /** Heartbeat: leases renewed, lost ones stopped, free connections taken over. Well under ttlMs. */
  heartbeatMs: number;
  /**
   * How often the owner looks for commands asked of it by other processes, and a waiting caller for
   * their outcome; with Redis (REDIS_URL) a wake-up comes at once and this is only the fallback.
   */
  commandPollMs: number;
  /** How long a session action asked of another process may take before the caller gives up. */
  commandTimeoutMs: number;
}

const DEFAULT_LEASE_TIMING: LeaseTiming = {
  ttlMs: 30_000,
  heartbeatMs: 10_000,
  commandPollMs: 500,
  commandTimeoutMs: 20_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** With Redis wake-ups, the polls only catch a lost message: this much slower than without. */
const POLL_WITH_WAKEUPS = 10;

/** Whether an action ran (here or at the owner), with what it answers; not run while another holds the lease. */
type Ran = { ran: false } | { ran: true; result?: string };
const NOT_RUN: Ran = { ran: false };
const ran = (done: boolean): Ran => (done ? { ran: true } : NOT_RUN);

/** Whether a process of this machine runs (EPERM: it runs under another user). */
function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** A lease owner's machine and process id (owners are `host:pid:random`). */
function ownerProcess(owner: string) {
  const parts = owner.split(':');
  return { host: parts.slice(0, -2).join(':'), pid: Number(parts.at(-2)) };
}

/**
 * The connection sessions this process runs (docs/architecture.md "Scale-out": a WhatsApp session never runs
 * twice when several servers share one database). A process connects a connection only while it holds
 * its lease; a heartbeat renews the leases, stops the sessions whose lease was lost, and takes over the
 * connections no live process holds (at start-up: all of them). A session action or a driver call (a
 * send, read receipts, a number check) that reaches a process which does not run the session becomes a
 * command row the owner runs — woken at once through Redis when there is one, else by its poll.
 */
export class Sessions {
  /** This process among the servers on the database: host, pid and a random part. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private channels: string[] = [];
  /** Connections whose lease this process holds (their driver runs here, or they were disconnected here). */
  private readonly held = new Set<number>();
  /**
   * Connections reserved in their creating transaction, until when (this process's clock): their lease is
   * ours though no session runs yet, so a heartbeat must not give it back before the session starts.
   */
  private readonly reserved = new Map<number, number>();
  /** Driver starts under way, so that two reasons to start one connection at once start it once. */
  private readonly starting = new Map<number, Promise<boolean>>();
  private timers: ReturnType<typeof setInterval>[] = [];
  /** Until when (this process's clock) the leases renewed last are surely still ours. */
  private validUntil = 0;
  private beating: Promise<void> | undefined;
  private polling: Promise<void> | undefined;
  /** A wake-up came while the commands were being read: read them once more after. */
  private pollAgain = false;
  /** Commands taken from the table and running here (a stop waits for them). */
  private readonly runningCommands = new Set<Promise<void>>();
  private wakeups: Wakeups | undefined;
  private stopped = false;

  constructor(
    /** Late-bound: the server's dependencies include this object. */
    private readonly deps: () => ServerDeps,
    private readonly timing: LeaseTiming = DEFAULT_LEASE_TIMING,
  ) {}

  /** At start-up: every free connection of these channels is taken and connected, then kept by the heartbeat. */
  async start(channels: string[]) {
    this.channels = channels;
    const { cluster } = this.deps();
    if (cluster) this.wakeups = new Wakeups(cluster, this.owner, () => void this.pollCommands());
    this.deps().channels.forwardTo((connection, holder) => this.remoteDriver(connection, holder));
    await this.freeLeasesOfDeadProcesses();
    await this.heartbeat();
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      // The heartbeat never keeps a stopping process alive.
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timing.heartbeatMs, () => void this.heartbeat());
    every(this.pollMs, () => void this.pollCommands());
  }

  /**
   * Leases of processes of this machine that no longer run (a crash, a killed desktop app) are free at
   * once rather than when they expire: a restarted server reconnects without waiting.
   */
  private async freeLeasesOfDeadProcesses() {
    const { db, log } = this.deps();
    const host = hostname();
    try {
      const dead = (await leaseOwners(db)).filter((owner) => {
        const { host: ownerHost, pid } = ownerProcess(owner);
        return ownerHost === host && Number.isInteger(pid) && pid !== process.pid && !isRunning(pid);
      });
      await releaseLeasesOf(db, dead);
    } catch (err) {
      log.warn({ err }, 'freeing the leases of stopped processes failed');
    }
  }

  /**
   * A connection being created in `tx` is this process's to run: its lease is taken in the same
   * transaction, so no other server looking for free connections takes it before it is connected here.
   * Channels this server has no driver for are left to the others.
   */
  async reserve(tx: DbOrTx, connection: { id: number; channel: string }) {
    if (this.stopped || !this.deps().channels.supports(connection.channel)) return;
    await takeLease(tx, connection.id, this.owner, this.timing.ttlMs);
    // Kept at most a lease's time: a creation that rolls back, or whose session never starts, lets go.
    this.reserved.set(connection.id, Date.now() + this.timing.ttlMs);
  }

  /**
   * Takes the connection's lease and starts its driver here, unless this process runs it already (a start
   * under way is waited for). False when another live process holds the lease: that process runs the
   * session, this one must not.
   */
  connect(connection: ConnectionRef): Promise<boolean> {
    const underWay = this.starting.get(connection.id);
    if (underWay) return underWay;
    if (this.held.has(connection.id) && this.deps().channels.driverOf(connection.id)) {
      return Promise.resolve(true);
    }
    return this.restart(connection);
  }

  /** Takes (or extends) the lease and starts the driver over; false when another process holds the lease. */
  private restart(connection: ConnectionRef): Promise<boolean> {
    const { db, channels } = this.deps();
    const start = (async () => {
      if (this.stopped || !(await takeLease(db, connection.id, this.owner, this.timing.ttlMs))) return false;
      this.held.add(connection.id);
      this.reserved.delete(connection.id);
      await channels.start(connection);
      return true;
    })().finally(() => {
      if (this.starting.get(connection.id) === start) this.starting.delete(connection.id);
    });
    this.starting.set(connection.id, start);
    return start;
  }

  /**
   * A session action wherever the session runs: here when this process holds the lease or nobody does
   * (it takes it), else through a command the owner runs. Answers once it has run, with what it gives (a
   * pairing code).
   */
  async perform(connection: ConnectionRef, action: SessionAction, argument?: string) {
    const { db } = this.deps();
    // A lease that changes hands between the two reads makes the owner's side start over once.
    for (let attempt = 0; attempt < 2; attempt++) {
      const holder = await leaseHolder(db, connection.id);
      const done =
        holder === undefined || holder === this.owner
          ? await this.performHere(connection, action, argument)
          : await this.performThere(connection.id, holder, action, argument);
      if (done.ran) return done.result;
    }
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
  }

  private get pollMs() {
    return this.wakeups ? this.timing.commandPollMs * POLL_WITH_WAKEUPS : this.timing.commandPollMs;
  }

  /**
   * A driver for a connection whose session another live process runs (`holder`, read with the connection):
   * its calls go to that process. Undefined when nobody else holds the lease (the connection is down, or
   * runs here).
   */
  private remoteDriver(connection: ConnectionRef, holder: string | undefined): ChannelDriver | undefined {
    if (holder === undefined || holder === this.owner) return undefined;
    // Its first call goes to the holder just read (a round trip less); later ones read it again.
    let known: string | undefined = holder;
    return new RemoteDriver((call) => {
      const first = known;
      known = undefined;
      return this.callDriver(connection.id, call, first);
    });
  }

  /**
   * A driver call for the connection's session wherever it runs; answers what its driver answered.
   * `holder`: the lease holder the caller has just read.
   */
  private async callDriver(connectionId: number, call: DriverCall, holder?: string): Promise<unknown> {
    const { db, channels } = this.deps();
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0 || holder === undefined) holder = await leaseHolder(db, connectionId);
      if (holder === undefined || holder === this.owner) {
        const driver = channels.connected(connectionId);
        if (!driver) break;
        return invoke(driver, call);
      }
      const done = await this.performThere(connectionId, holder, 'call', encodeWire(call));
      if (done.ran) return decodeWire(done.result);
    }
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  }

  /** A graceful stop: sessions end here, then their leases are free for another process at once. */
  async stop() {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all([this.beating, this.polling]);
    await Promise.all(this.runningCommands);
    this.wakeups?.close();
    const { db, channels, log } = this.deps();
    await channels.stopAll();
    this.held.clear();
    await releaseLeases(db, this.owner).catch((err) => log.warn({ err }, 'releasing the leases failed'));
  }

  /** Runs the action in this process, which must hold (or take) the lease; false when another has it. */
  private async performHere(
    connection: ConnectionRef,
    action: SessionAction,
    argument?: string,
  ): Promise<Ran> {
    const deps = this.deps();
    const { db, channels, log } = deps;
    if (action === 'retry') return ran(await this.startLogged(() => this.restart(connection), connection));
    if (action === 'pair') return this.pair(connection, argument ?? '');
    if (!(await takeLease(db, connection.id, this.owner, this.timing.ttlMs))) return NOT_RUN;
    this.held.add(connection.id);
    // New QR and disconnect both log the account out and forget the login.
    const driver = channels.driverOf(connection.id);
    if (driver?.logout) await driver.logout();
    else if (connection.channel === 'whatsapp') await databaseAuthStore(db, connection.id).clear();
    if (action === 'newQr') return ran(await this.startLogged(() => this.restart(connection), connection));
    await channels.stop(connection.id);
    // Also when no driver ran here: the stored status must not say otherwise.
    await channels
      .reportStatus(connection, 'DISCONNECTED')
      .catch((err) => log.error({ err, whatsappId: connection.id }, 'storing the connection status failed'));
    return ran(true);
  }

  /** The pairing code for a phone number, from the session running here (started when it is not). */
  private async pair(connection: ConnectionRef, phoneNumber: string): Promise<Ran> {
    const { channels, log } = this.deps();
    if (!(await this.connect(connection))) return NOT_RUN;
    const driver = channels.driverOf(connection.id);
    if (!driver?.requestPairingCode) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    try {
      return { ran: true, result: await driver.requestPairingCode(phoneNumber) };
    } catch (err) {
      log.warn({ err, whatsappId: connection.id }, 'asking for a pairing code failed');
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    }
  }

  /** A driver that fails to start leaves the connection as it was; only losing the lease answers false. */
  private async startLogged(start: () => Promise<boolean>, connection: ConnectionRef) {
    try {
      return await start();
    } catch (err) {
      this.deps().log.error({ err, whatsappId: connection.id }, 'starting the connection failed');
      return true;
    }
  }

  /**
   * Asks the owner through a command row and waits for its outcome. False when the connection's owner
   * never took the command (it died meanwhile): the caller looks again at who holds the lease.
   */
  private async performThere(
    connectionId: number,
    holder: string,
    action: CommandAction,
    argument?: string,
  ): Promise<Ran> {
    const { db } = this.deps();
    const id = await submitCommand(db, connectionId, action, argument);
    if (id === undefined) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const { wakeups } = this;
    // Listening before the holder is told, so its answer cannot come first.
    let woken = wakeups?.outcome(id).then(() => {
      woken = undefined;
    });
    await wakeups?.commandFor(holder);
    const deadline = Date.now() + this.timing.commandTimeoutMs;
    const step = Math.min(100, this.timing.commandPollMs);
    try {
      for (;;) {
        await (woken ? Promise.race([woken, sleep(this.pollMs)]) : sleep(step));
        const outcome = await takeOutcome(db, id);
        if (outcome?.state === 'done') return { ran: true, result: outcome.result };
        if (outcome) throw new AppError(outcome.error, outcome.status);
        if (Date.now() >= deadline) {
          if (await withdrawCommand(db, id)) return NOT_RUN;
          // Taken but never answered: its server died running it. Whether it ran is unknown, so it is not
          // asked again (a send must not go out twice); the caller gets an error.
          if (Date.now() >= deadline + this.timing.commandTimeoutMs)
            throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
        }
      }
    } finally {
      wakeups?.forget(id);
    }
  }

  /** The owner's side of commands: those asked of this process, each run as if asked here. */
  private pollCommands() {
    if (this.stopped) return this.polling;
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    this.polling = this.runCommands().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  private async runCommands() {
    const { db, log } = this.deps();
    do {
      this.pollAgain = false;
      try {
        const commands = await claimCommands(db, this.owner, this.timing.commandTimeoutMs);
        // Independent commands (sends to different chats) need not wait for each other, nor a command
        // woken meanwhile for those claimed before: the next claim does not wait for these to finish.
        for (const command of commands) {
          const run = this.runAndAnswer(command).finally(() => this.runningCommands.delete(run));
          this.runningCommands.add(run);
        }
      } catch (err) {
        log.warn({ err }, 'reading session commands failed');
      }
    } while (this.pollAgain && !this.stopped);
  }

  private async runAndAnswer(command: Awaited<ReturnType<typeof claimCommands>>[number]) {
    const { db, log } = this.deps();
    try {
      await finishCommand(db, command.id, await this.runCommand(command));
      await this.wakeups?.outcomeOf(command.id);
    } catch (err) {
      log.warn({ err, command: command.id }, 'answering a session command failed');
    }
  }

  /** A command taken from the table, run here: what it answers, or the error to hand back. */
  private async runCommand(command: Awaited<ReturnType<typeof claimCommands>>[number]) {
    const { db, log } = this.deps();
    try {
      // A call needs only the driver running here (none for a connection deleted meanwhile).
      if (command.action === 'call') return await this.runCall(command.connectionId, command.argument);
      const connection = await findConnectionRef(db, command.connectionId);
      if (!connection) return { error: 'ERR_NO_WAPP_FOUND', status: 404 };
      const done = await this.performHere(connection, command.action, command.argument);
      return done.ran ? { result: done.result } : { error: 'ERR_WAPP_NOT_INITIALIZED', status: 503 };
    } catch (err) {
      if (err instanceof AppError) return { error: err.code, status: err.status };
      log.error({ err, command }, 'a session command failed');
      return { error: 'ERR_INTERNAL', status: 500 };
    }
  }

  /** A driver call asked by another process: what the driver here answers, or why it could not. */
  private async runCall(connectionId: number, argument: string | undefined) {
    const driver = this.deps().channels.connected(connectionId);
    if (!driver) return { error: 'ERR_WAPP_NOT_INITIALIZED', status: 400 };
    try {
      return { result: encodeWire(await invoke(driver, decodeWire(argument) as DriverCall)) };
    } catch (err) {
      // The channel refused (a send failed): the caller's own handling turns it into its error.
      this.deps().log.warn({ err, whatsappId: connectionId }, 'a driver call asked by another server failed');
      return { error: 'ERR_CHANNEL_CALL_FAILED', status: 502 };
    }
  }

  private heartbeat() {
    if (this.beating || this.stopped) return this.beating;
    this.beating = this.beat().finally(() => {
      this.beating = undefined;
    });
    return this.beating;
  }

  private async beat() {
    const { db, channels, log } = this.deps();
    const started = Date.now();
    let renewed: Set<number>;
    try {
      renewed = await renewLeases(db, this.owner, this.timing.ttlMs);
    } catch (err) {
      log.warn({ err }, 'renewing the connection leases failed');
      // Fencing: leases this process cannot renew may be another's before the next heartbeat.
      if (Date.now() + this.timing.heartbeatMs >= this.validUntil) await this.dropAll();
      return;
    }
    this.validUntil = started + this.timing.ttlMs;
    for (const id of [...this.held]) {
      if (renewed.has(id)) continue;
      // Taken over (this process stalled past the lease) or deleted with its connection.
      this.held.delete(id);
      log.warn({ whatsappId: id }, 'lost the lease of a connection; its session stops here');
      await channels.stop(id);
    }
    // Leases renewed without a session here (it was stopped while the database was unreachable) are
    // given back, and taken again below like any free connection; not those reserved for a creation
    // whose session is about to start.
    for (const [id, until] of this.reserved) if (until <= Date.now()) this.reserved.delete(id);
    const stray = [...renewed].filter((id) => !this.held.has(id) && !this.reserved.has(id));
    if (stray.length > 0) await releaseLeases(db, this.owner, stray);
    await this.takeOver();
    await removeStaleCommands(db).catch((err) => log.warn({ err }, 'removing old session commands failed'));
  }

  /** Connects every connection of this process's channels that no live process holds. */
  private async takeOver() {
    const { db, log } = this.deps();
    let free: ConnectionRef[];
    try {
      free = await unleasedConnections(db, this.channels);
    } catch (err) {
      log.warn({ err }, 'reading the free connections failed');
      return;
    }
    for (const connection of free) {
      if (this.stopped) return;
      const taken = await this.startLogged(() => this.connect(connection), connection);
      if (taken) log.debug({ whatsappId: connection.id }, 'took over a connection');
    }
  }

  private async dropAll() {
    const { channels, log } = this.deps();
    if (this.held.size === 0) return;
    log.error('the connection leases could not be renewed in time; stopping their sessions');
    this.held.clear();
    await channels.stopAll();
  }
}

declare module '../platform/deps' {
  interface ServerDeps {
    /** Which connections this process runs (leases) and the session actions, wherever a session runs. */
    sessions: Sessions;
  }
}
