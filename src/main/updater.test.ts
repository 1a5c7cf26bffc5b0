import { describe, expect, it, vi } from 'vitest';
import { createUpdatePolicy, UPDATE_CHECK_INTERVAL_MS, type Updater } from './updater';

/** An electron-updater stand-in: records what the policy set and lets the test fire its events. */
function aFakeUpdater(check: () => Promise<unknown> = async () => null) {
  const listeners = new Map<string, (arg: never) => void>();
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    allowPrerelease: false,
    allowDowngrade: false,
    channel: null as string | null,
    feeds: [] as { provider: 'generic'; url: string; channel: string }[],
    setFeedURL(options: { provider: 'generic'; url: string; channel: string }) {
      this.feeds.push(options);
    },
    checkForUpdates: vi.fn(check),
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
  const policy = createUpdatePolicy({
    configuredUrl: undefined,
    serverOrigin: async () => 'https://atendo.example.com',
    channel: () => channel,
    askToInstall,
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

  it('downloads in the background and installs on quit only once the user agreed, asking once a version', async () => {
    const { updater, askToInstall, settle } = setUp();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    updater.fire('update-downloaded', { version: '1.2.0' });
    updater.fire('update-downloaded', { version: '1.2.0' });
    await settle();
    expect(askToInstall).toHaveBeenCalledExactlyOnceWith('1.2.0');
    expect(updater.autoInstallOnAppQuit).toBe(true);

    const declined = setUp({ askToInstall: vi.fn(async () => false) });
    declined.updater.fire('update-downloaded', { version: '1.3.0' });
    await declined.settle();
    expect(declined.updater.autoInstallOnAppQuit).toBe(false);
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
