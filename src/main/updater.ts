import type { DesktopSettings } from '../shared/bridge';

/** The part of electron-updater's `autoUpdater` the policy drives (a fake stands in for it in tests). */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  autoRunAppAfterInstall: boolean;
  allowPrerelease: boolean;
  allowDowngrade: boolean;
  disableDifferentialDownload: boolean;
  channel: string | null;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** How often a running app looks for a new version. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** The folder a platform server publishes the desktop's updates in (served by the server). */
export const UPDATES_PATH = '/updates/';

export interface UpdatePolicyOptions {
  updater: Updater;
  /** ATENDO_UPDATE_URL when the app was started with one. */
  configuredUrl: string | undefined;
  /** The server in use; by default it serves the updates too, so a company can publish its own. */
  serverOrigin(): Promise<string>;
  channel(): DesktopSettings['updateChannel'];
  /** Asks whether to install a downloaded version when the user quits. */
  askToInstall(version: string): Promise<boolean>;
  /** What must not be cut short by an install (an audio recording, the outbox sending); null when nothing. */
  busy(): 'recording' | 'sending' | null;
  log(message: string, error?: unknown): void;
  every?(ms: number, run: () => void): () => void;
}

const everyInterval = (ms: number, run: () => void) => {
  const timer = setInterval(run, ms);
  return () => clearInterval(timer);
};

/**
 * Auto-update: checks at start and every 6 hours on the chosen channel (stable, or beta with
 * pre-releases), downloads in the background (only the changed blocks when the feed has blockmaps; a
 * staged rollout's stagingPercentage is electron-updater's to honour), and installs when the app quits,
 * only once the user agreed and never while an audio recording or the outbox is under way (that quit
 * leaves it for the next). A failure (no feed, no network, a bad file) is logged and the app carries on.
 */
export function createUpdatePolicy(options: UpdatePolicyOptions) {
  const { updater, log } = options;
  const every = options.every ?? everyInterval;
  let stop: (() => void) | null = null;
  let asked: string | null = null;
  let agreed: string | null = null;

  updater.autoDownload = true;
  // electron-updater never installs by itself: its own install-on-quit would not ask what the app is
  // doing (and is armed only when true at download time). installOnQuit() below decides instead.
  updater.autoInstallOnAppQuit = false;
  // Installing on quit: the app stays closed afterwards, as the user left it.
  updater.autoRunAppAfterInstall = false;
  updater.disableDifferentialDownload = false;
  updater.on('error', (error) => log('updating failed', error));
  updater.on('update-downloaded', ({ version }) => {
    if (asked === version) return;
    asked = version;
    options.askToInstall(version).then(
      (yes) => {
        agreed = yes ? version : null;
      },
      (err) => log('could not ask about the update', err),
    );
  });

  async function feedUrl() {
    if (options.configuredUrl) return options.configuredUrl;
    return new URL(UPDATES_PATH, await options.serverOrigin()).toString();
  }

  async function check() {
    try {
      const beta = options.channel() === 'beta';
      const channel = beta ? 'beta' : 'latest';
      // Setting the channel allows downgrades; a beta user going back to stable waits for a newer stable.
      updater.channel = channel;
      updater.allowDowngrade = false;
      updater.allowPrerelease = beta;
      updater.setFeedURL({ provider: 'generic', url: await feedUrl(), channel });
      await updater.checkForUpdates();
    } catch (err) {
      log('checking for updates failed', err);
    }
  }

  return {
    start() {
      if (stop) return;
      void check();
      stop = every(UPDATE_CHECK_INTERVAL_MS, () => void check());
    },
    check,
    stop() {
      stop?.();
      stop = null;
    },
    /**
     * Whether this quit installs the version the user agreed to: not while a recording or a send is under
     * way. Asked when the user quits, before anything is stopped.
     */
    willInstallOnQuit(): boolean {
      if (!agreed) return false;
      const busy = options.busy();
      if (busy) log(`the update to ${agreed} waits for a later quit (${busy})`);
      return busy === null;
    },
    /** Hands quitting over to the updater, which installs silently and quits the app itself. */
    install() {
      updater.quitAndInstall(true, false);
    },
  };
}
