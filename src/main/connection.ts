import type { ServerMode } from '../shared/bridge';
import type { EmbeddedReady, EmbeddedServer, SeededAdmin } from './embedded-server';
import { effectiveMode, type ServerModeStore } from './server-mode';
import type { SessionManager } from './session';

export interface ConnectionOptions {
  modes: ServerModeStore;
  embedded: Pick<EmbeddedServer, 'start' | 'stop' | 'onReady' | 'address'>;
  session: Pick<SessionManager, 'login' | 'reset'>;
  /** The first start of the embedded server created a super administrator: tell the user once. */
  onFirstStart(admin: SeededAdmin): void;
  log?(message: string, error?: unknown): void;
}

export interface Connection {
  start(): void;
  /** The origin of the server in use; waits while the embedded server starts. */
  origin(): Promise<string>;
  /** Resolves once the server answers and the first-start sign-in, if any, is done. */
  settled(): Promise<void>;
  /** The origin the renderer's Content-Security-Policy allows: known before the server is ready. */
  policyOrigin(): Promise<string>;
  /** Stores the mode; a different server restarts the connection (and starts or stops the embedded one). */
  setMode(mode: ServerMode): Promise<{ mode: ServerMode; changed: boolean }>;
  stop(): Promise<void>;
}

const sameMode = (a: ServerMode, b: ServerMode) =>
  a.mode === b.mode && (a.mode === 'local' || (b.mode === 'remote' && a.url === b.url));

/**
 * Which server the app talks to. Local runs the embedded server and, on its very first start, signs
 * in with the super administrator it seeded (the renderer then opens signed in) and shows those
 * credentials once so the user can sign in again later. Remote talks to a team server's URL.
 */
export function createConnection(options: ConnectionOptions): Connection {
  const { modes, embedded, session } = options;
  const log = options.log ?? (() => undefined);
  let current: ServerMode = effectiveMode(modes.get());
  let origin: Promise<string> = Promise.reject(new Error('not started'));
  let settled: Promise<void> = Promise.resolve();
  origin.catch(() => undefined);
  // One first-start sign-in per ready, whether it is seen through start() or through onReady.
  const signIns = new WeakMap<EmbeddedReady, Promise<void>>();

  function signInOnce(ready: EmbeddedReady): Promise<void> {
    let done = signIns.get(ready);
    if (!done) {
      const admin = ready.seeded;
      done = admin
        ? session
            .login(admin)
            .then(() => undefined)
            .catch((err) => log('first-start sign-in failed', err))
            .finally(() => options.onFirstStart(admin))
        : Promise.resolve();
      signIns.set(ready, done);
    }
    return done;
  }

  embedded.onReady((ready) => {
    if (current.mode !== 'local') return;
    // A restart after a crash (or a late first success) may come back on another port.
    origin = Promise.resolve(ready.url);
    settled = signInOnce(ready);
  });

  function start() {
    if (current.mode === 'remote') {
      origin = Promise.resolve(current.url);
      settled = Promise.resolve();
      return;
    }
    const started = embedded.start();
    origin = started.then((ready) => ready.url);
    // A failed start reaches whoever asks for the origin; nobody else waits on it.
    origin.catch(() => undefined);
    settled = started.then(signInOnce);
    settled.catch((err) => log('embedded server failed to start', err));
  }

  return {
    start,
    origin: () => origin,
    settled: () => settled.catch(() => undefined),
    policyOrigin: () => (current.mode === 'remote' ? Promise.resolve(current.url) : embedded.address()),
    async setMode(mode) {
      const stored = modes.set(mode);
      if (sameMode(stored, current)) return { mode: stored, changed: false };
      current = stored;
      session.reset();
      if (current.mode === 'remote') await embedded.stop();
      start();
      return { mode: stored, changed: true };
    },
    stop: () => embedded.stop(),
  };
}
