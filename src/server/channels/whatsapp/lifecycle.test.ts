import { DisconnectReason } from 'baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverHarness, settle } from '../test/fake-whatsapp';
import { WhatsappDriver } from './driver';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

async function started(overrides: Parameters<typeof driverHarness>[0] = {}) {
  const harness = driverHarness(overrides);
  const driver = new WhatsappDriver(harness.options);
  await driver.connect();
  await settle();
  return { ...harness, harness, driver };
}

/** A driver whose socket is open. */
async function connected() {
  const setup = await started();
  setup.harness.socket.open();
  await settle();
  return setup;
}

describe('starting a WhatsApp connection (2-administration §4.1)', () => {
  it('says OPENING and starts one socket with the stored login', async () => {
    const { harness, sockets, auth } = await started();
    expect(harness.statuses()).toEqual(['OPENING']);
    expect(sockets).toHaveLength(1);
    const { config } = harness.socket;
    expect(config.auth.creds).toBe(auth.creds);
    // The server never hears back the messages it sent, and the phone keeps its notifications.
    expect(config).toMatchObject({
      emitOwnEvents: false,
      markOnlineOnConnect: false,
      syncFullHistory: false,
    });
  });

  it('shows each new QR code with the qrcode status', async () => {
    const { harness, recorded } = await started();
    harness.socket.showQr('2@first-ref,noise,identity,adv');
    await settle();
    harness.socket.showQr('2@second-ref,noise,identity,adv');
    await settle();
    expect(recorded.statuses).toEqual([
      { status: 'OPENING' },
      { status: 'qrcode', qr: '2@first-ref,noise,identity,adv' },
      { status: 'qrcode', qr: '2@second-ref,noise,identity,adv' },
    ]);
  });

  it('is CONNECTED once open, with the QR code gone', async () => {
    const { harness, recorded, driver } = await started();
    harness.socket.showQr('2@ref');
    await settle();
    harness.socket.open('5511900001111:7@s.whatsapp.net');
    await settle();
    expect(recorded.statuses.at(-1)).toEqual({ status: 'CONNECTED' });
    expect(driver.number).toBe('5511900001111');
  });

  it('stores the creds whenever Baileys updates them', async () => {
    const { harness, auth } = await started();
    harness.socket.updateCreds({ registered: true, me: { id: '5511900001111:7@s.whatsapp.net' } });
    await settle();
    expect(auth.saves).toBe(1);
    expect(auth.creds.registered).toBe(true);
  });

  it('never runs two sockets when connect is called again, at once or later', async () => {
    const harness = driverHarness();
    const driver = new WhatsappDriver(harness.options);
    await Promise.all([driver.connect(), driver.connect(), driver.connect()]);
    await driver.connect();
    harness.socket.open();
    await settle();
    await driver.connect();
    expect(harness.sockets).toHaveLength(1);
  });

  it('retries with backoff when the stored login cannot be loaded', async () => {
    const harness = driverHarness();
    harness.auth.failLoads = 1;
    const driver = new WhatsappDriver(harness.options);
    await driver.connect();
    expect(harness.sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(harness.sockets).toHaveLength(1);
  });
});

describe('when the connection closes', () => {
  it('deletes the session and stays DISCONNECTED when WhatsApp logged the device out', async () => {
    const { harness, auth, sockets } = await connected();
    harness.socket.close(DisconnectReason.loggedOut);
    await settle();
    expect(auth.clears).toBe(1);
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it.each([
    ['forbidden (banned)', DisconnectReason.forbidden],
    ['multi-device mismatch', DisconnectReason.multideviceMismatch],
  ])('treats %s as a lost login', async (_, code) => {
    const { harness, auth, sockets } = await connected();
    harness.socket.close(code);
    await settle();
    expect(auth.clears).toBe(1);
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops without reconnecting when another client took the session over', async () => {
    const { harness, auth, sockets } = await connected();
    harness.socket.close(DisconnectReason.connectionReplaced);
    await settle();
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
    expect(auth.clears).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects at once when WhatsApp asks for a restart after pairing', async () => {
    const { harness, sockets } = await started();
    harness.socket.showQr('2@ref');
    await settle();
    harness.socket.updateCreds({ registered: true });
    harness.socket.close(DisconnectReason.restartRequired);
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    harness.socket.open();
    await settle();
    expect(harness.statuses()).toEqual(['OPENING', 'qrcode', 'OPENING', 'CONNECTED']);
  });

  it.each([
    ['connection closed', DisconnectReason.connectionClosed],
    ['connection lost', DisconnectReason.connectionLost],
    ['a stream error (bad session)', DisconnectReason.badSession],
    ['service unavailable', DisconnectReason.unavailableService],
    ['no reason at all', undefined],
  ])('reconnects after 2 s on %s, keeping the login', async (_, code) => {
    const { harness, sockets, auth } = await connected();
    harness.socket.close(code);
    await settle();
    expect(harness.statuses().at(-1)).toBe('OPENING');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(auth.clears).toBe(0);
  });

  it('waits twice as long after each failure in a row, up to 60 s, and starts over once open', async () => {
    const { harness, sockets } = await connected();
    const waits: number[] = [];
    for (let failure = 0; failure < 7; failure++) {
      harness.socket.close(DisconnectReason.connectionClosed);
      await settle();
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);

    harness.socket.open();
    await settle();
    harness.socket.close(DisconnectReason.connectionClosed);
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets).toHaveLength(9);
  });

  it('gives up as TIMEOUT after too many failures in a row', async () => {
    const { harness, sockets } = await started({
      reconnect: { firstDelayMs: 100, maxDelayMs: 100, maxAttempts: 3 },
    });
    for (let failure = 0; failure < 4; failure++) {
      harness.socket.close(DisconnectReason.connectionLost);
      await settle();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(sockets).toHaveLength(4);
    expect(harness.statuses().at(-1)).toBe('TIMEOUT');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(4);
  });

  it('tries again from the start when asked after a TIMEOUT', async () => {
    const { harness, sockets, driver } = await started({
      reconnect: { firstDelayMs: 100, maxDelayMs: 100, maxAttempts: 1 },
    });
    harness.socket.close(DisconnectReason.connectionLost);
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    harness.socket.close(DisconnectReason.connectionLost);
    await settle();
    expect(harness.statuses().at(-1)).toBe('TIMEOUT');

    await driver.connect();
    expect(sockets).toHaveLength(3);
    harness.socket.close(DisconnectReason.connectionLost);
    await settle();
    expect(harness.statuses().at(-1)).toBe('OPENING');
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(4);
  });

  it('stops as DISCONNECTED when the QR codes ran out unscanned', async () => {
    const { harness, sockets, recorded } = await started();
    harness.socket.showQr('2@ref');
    await settle();
    harness.socket.close(DisconnectReason.timedOut);
    await settle();
    expect(recorded.statuses.at(-1)).toEqual({ status: 'DISCONNECTED' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('ignores a socket it already let go of', async () => {
    const { harness, sockets, recorded, driver } = await connected();
    const old = harness.socket;
    await driver.disconnect();
    const statuses = recorded.statuses.length;
    old.close(DisconnectReason.connectionLost);
    old.showQr('2@late');
    old.receive([
      {
        key: { remoteJid: '5511977776666@s.whatsapp.net', id: 'LATE', fromMe: false },
        message: { conversation: 'oi' },
      },
    ]);
    await settle();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(recorded.statuses).toHaveLength(statuses);
    expect(recorded.inbound).toEqual([]);
  });
});

describe('stopping a connection', () => {
  it('ends the socket without logging out, keeps the login and says DISCONNECTED', async () => {
    const { harness, driver, auth } = await connected();
    await driver.disconnect();
    expect(harness.socket.calledWith('end')).toHaveLength(1);
    expect(harness.socket.calledWith('logout')).toHaveLength(0);
    expect(auth.clears).toBe(0);
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
  });

  it('cancels a reconnect that was waiting', async () => {
    const { harness, driver, sockets } = await connected();
    harness.socket.close(DisconnectReason.connectionLost);
    await settle();
    await driver.disconnect();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
  });

  it('makes no socket when stopped while the login was still loading, and starts afresh on connect', async () => {
    const harness = driverHarness();
    const driver = new WhatsappDriver(harness.options);
    const starting = driver.connect();
    await driver.disconnect();
    await starting;
    await settle();
    expect(harness.sockets).toHaveLength(0);
    await driver.connect();
    expect(harness.sockets).toHaveLength(1);
  });

  it('resumes the same login when connected again after a stop', async () => {
    const { harness, driver, sockets, auth } = await connected();
    await driver.disconnect();
    await driver.connect();
    expect(sockets).toHaveLength(2);
    expect(harness.socket.config.auth.creds).toBe(auth.creds);
  });

  it('logs out: WhatsApp forgets the device, the session is deleted, and the status is DISCONNECTED', async () => {
    const { harness, driver, auth, sockets } = await connected();
    await driver.logout();
    await settle();
    expect(harness.socket.calledWith('logout')).toHaveLength(1);
    expect(auth.clears).toBe(1);
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('still deletes the session when the socket cannot log out', async () => {
    const { harness, driver, auth } = await connected();
    harness.socket.failing = new Error('Connection Closed');
    await driver.logout();
    expect(auth.clears).toBe(1);
    expect(harness.socket.calledWith('end')).toHaveLength(1);
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
  });
});

describe('pairing by phone number', () => {
  it('asks for a code once the socket offers a login, then stays PAIRING while QR codes keep coming', async () => {
    const harness = driverHarness();
    const driver = new WhatsappDriver(harness.options);
    const asking = driver.requestPairingCode('+55 (11) 98888-7777');
    await settle();
    expect(harness.socket.calledWith('requestPairingCode')).toEqual([]);
    harness.socket.showQr('2@ref');
    expect(await asking).toBe('ABCD1234');
    expect(harness.socket.calledWith('requestPairingCode')).toEqual([['5511988887777']]);
    harness.socket.showQr('2@next-ref');
    await settle();
    expect(harness.statuses()).toEqual(['OPENING', 'PAIRING']);

    harness.socket.close(DisconnectReason.restartRequired);
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    harness.socket.open();
    await settle();
    expect(harness.statuses().at(-1)).toBe('CONNECTED');
  });

  it('refuses when the connection is already logged in', async () => {
    const { driver, harness } = await connected();
    await expect(driver.requestPairingCode('5511988887777')).rejects.toThrow(/already logged in/);
    expect(harness.socket.calledWith('requestPairingCode')).toEqual([]);
  });

  it('fails instead of waiting forever when the socket closes before offering a login', async () => {
    const harness = driverHarness();
    const driver = new WhatsappDriver(harness.options);
    const asking = driver.requestPairingCode('5511988887777');
    await settle();
    harness.socket.close(DisconnectReason.connectionClosed);
    await expect(asking).rejects.toThrow(/closed/);
  });

  it('goes DISCONNECTED when the code was never typed in time', async () => {
    const harness = driverHarness();
    const driver = new WhatsappDriver(harness.options);
    const asking = driver.requestPairingCode('5511988887777');
    await settle();
    harness.socket.showQr('2@ref');
    await asking;
    harness.socket.close(DisconnectReason.timedOut);
    await settle();
    expect(harness.statuses().at(-1)).toBe('DISCONNECTED');
  });
});
