import { describe, expect, it, vi } from 'vitest';
import { createUpdatePolicy, UPDATE_CHECK_INTERVAL_MS, type Updater } from './updater';

/** An electron-updater stand-in: records what the policy set and lets the test fire its events. */
function aFakeUpdater(check: () => Promise<unknown> = async () => null) {
  const listeners = new Map<string, (arg: never) => void>();
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    autoRunAppAfterInstall: true,
    allowPrerelease: false,
    disableDifferentialDownload: true,
    allowDowngrade: false,
    channel: null as string | null,
    feeds: [] as { provider: 'generic'; url: string; channel: string }[],
    setFeedURL(options: { provider: 'generic'; url: string; channel: string }) {
      this.feeds.push(options);
    },
    checkForUpdates: vi.fn(check),
    quitAndInstall: vi.fn(),
    on(event: string, listener: (arg: never) => void) {
      listeners.set(event, listener);
      return updater;
    },
    fire: (event: string, arg: unknown) => listeners.get(event)?.(arg as never),
  };
  return updater satisfies Updater;
}

function setUp(
  overrides: Partial<Parameters<typeof createUpdatePolicy>[0]> & {
    updater?: ReturnType<typeof aFakeUpdater>;
  } = {},
) {
  const updater = overrides.updater ?? aFakeUpdater();
  const ticks: (() => void)[] = [];
  const log = vi.fn();
  const askToInstall = vi.fn(async () => true);
  let channel: 'stable' | 'beta' = 'stable';
  let busy: 'recording' | 'sending' | null = null;
  const policy = createUpdatePolicy({
    configuredUrl: undefined,
    serverOrigin: async () => 'https://atendo.example.com',
    channel: () => channel,
    askToInstall,
    busy: () => busy,
    log,
    every: (ms, run) => {
      expect(ms).toBe(UPDATE_CHECK_INTERVAL_MS);
      ticks.push(run);
      return () => ticks.splice(0);
    },
    ...overrides,
    updater,
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    updater,
    policy,
    ticks,
    log,
    askToInstall,
    settle,
    setChannel: (c: 'stable' | 'beta') => (channel = c),
    setBusy: (b: typeof busy) => (busy = b),
  };
}

describe('the update policy', () => {
  it('checks at start and every 6 hours, from the server’s own update folder by default', async () => {
    const { updater, policy, ticks, settle } = setUp();
    policy.start();
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(updater.feeds).toEqual([
      { provider: 'generic', url: 'https://atendo.example.com/updates/', channel: 'latest' },
    ]);
    expect(ticks).toHaveLength(1);
    ticks[0]!();
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    policy.stop();
    expect(ticks).toHaveLength(0);
  });

  it('takes the feed from configuration when there is one', async () => {
    const { updater, policy, settle } = setUp({ configuredUrl: 'https://updates.example.com/atendo/' });
    await policy.check();
    await settle();
    expect(updater.feeds[0]!.url).toBe('https://updates.example.com/atendo/');
  });

  it('follows the stable channel, or beta with its pre-releases, never going back a version', async () => {
    const { updater, policy, setChannel } = setUp();
    await policy.check();
    expect(updater).toMatchObject({ channel: 'latest', allowPrerelease: false, allowDowngrade: false });
    setChannel('beta');
    await policy.check();
    expect(updater).toMatchObject({ channel: 'beta', allowPrerelease: true, allowDowngrade: false });
    expect(updater.feeds.at(-1)!.channel).toBe('beta');
  });

  it('downloads in the background, differentially, and installs on quit only once the user agreed, asking once a version', async () => {
    const { updater, policy, askToInstall, settle } = setUp();
    expect(updater).toMatchObject({ autoDownload: true, disableDifferentialDownload: false });
    // Never electron-updater's own install on quit, which would not ask what the app is doing.
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(policy.willInstallOnQuit()).toBe(false);
    updater.fire('update-downloaded', { version: '1.2.0' });
    updater.fire('update-downloaded', { version: '1.2.0' });
    await settle();
    expect(askToInstall).toHaveBeenCalledExactlyOnceWith('1.2.0');
    expect(policy.willInstallOnQuit()).toBe(true);
    policy.install();
    // Silently, and the app stays closed as the user left it.
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, false);
    expect(updater.autoRunAppAfterInstall).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);

    const declined = setUp({ askToInstall: vi.fn(async () => false) });
    declined.updater.fire('update-downloaded', { version: '1.3.0' });
    await declined.settle();
    expect(declined.policy.willInstallOnQuit()).toBe(false);
  });

  it('never installs in the middle of an audio recording or while the outbox is sending', async () => {
    const { updater, policy, settle, setBusy, log } = setUp();
    updater.fire('update-downloaded', { version: '1.2.0' });
    await settle();
    setBusy('recording');
    expect(policy.willInstallOnQuit()).toBe(false);
    expect(log).toHaveBeenLastCalledWith('the update to 1.2.0 waits for a later quit (recording)');
    setBusy('sending');
    expect(policy.willInstallOnQuit()).toBe(false);
    expect(log).toHaveBeenLastCalledWith('the update to 1.2.0 waits for a later quit (sending)');
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    // Once both are done, the next quit installs it.
    setBusy(null);
    expect(policy.willInstallOnQuit()).toBe(true);
  });

  it('logs a failed check or download and carries on', async () => {
    const failing = aFakeUpdater(async () => {
      throw new Error('getaddrinfo ENOTFOUND atendo.example.com');
    });
    const { policy, log, ticks, settle, updater } = setUp({ updater: failing });
    expect(() => policy.start()).not.toThrow();
    await settle();
    expect(log).toHaveBeenCalledWith('checking for updates failed', expect.any(Error));
    updater.fire('error', new Error('sha512 checksum mismatch'));
    expect(log).toHaveBeenCalledWith('updating failed', expect.any(Error));
    ticks[0]!();
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);

    const noServer = setUp({ serverOrigin: () => Promise.reject(new Error('embedded server down')) });
    await expect(noServer.policy.check()).resolves.toBeUndefined();
    expect(noServer.updater.checkForUpdates).not.toHaveBeenCalled();
    expect(noServer.log).toHaveBeenCalledOnce();
  });
});
