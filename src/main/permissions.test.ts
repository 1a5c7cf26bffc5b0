import { describe, expect, it, vi } from 'vitest';
import { grantsPermission, mayAsk } from './permissions';

const ours = { requestingUrl: 'app://atendo/index.html#/tickets' };
const context = (platform: NodeJS.Platform, allowed = true) => ({
  rendererOrigin: 'app://atendo',
  platform,
  askSystem: vi.fn(async () => allowed),
});

describe('what the renderer may use', () => {
  it('grants notifications, clipboard writes, the microphone and the camera to the app’s own pages', async () => {
    const linux = context('linux');
    await expect(grantsPermission('notifications', ours, linux)).resolves.toBe(true);
    await expect(grantsPermission('clipboard-sanitized-write', ours, linux)).resolves.toBe(true);
    await expect(grantsPermission('media', { ...ours, mediaTypes: ['audio'] }, linux)).resolves.toBe(true);
    await expect(grantsPermission('media', { ...ours, mediaTypes: ['video'] }, linux)).resolves.toBe(true);
  });

  it('refuses everything else, and anything to another page', async () => {
    const linux = context('linux');
    await expect(grantsPermission('geolocation', ours, linux)).resolves.toBe(false);
    await expect(grantsPermission('media', ours, linux)).resolves.toBe(false);
    const foreign = { requestingUrl: 'https://evil.example/', mediaTypes: ['audio' as const] };
    await expect(grantsPermission('media', foreign, linux)).resolves.toBe(false);
    await expect(grantsPermission('notifications', {}, linux)).resolves.toBe(false);
  });

  it('asks macOS for the microphone first, and refuses when the user said no there', async () => {
    const yes = context('darwin', true);
    await expect(grantsPermission('media', { ...ours, mediaTypes: ['audio'] }, yes)).resolves.toBe(true);
    expect(yes.askSystem).toHaveBeenCalledWith('microphone');
    const no = context('darwin', false);
    await expect(grantsPermission('media', { ...ours, mediaTypes: ['audio'] }, no)).resolves.toBe(false);
  });
});

describe('what the renderer may ask for at all', () => {
  it('is what it may be granted, from its own pages', () => {
    expect(mayAsk('media', 'app://atendo/index.html', 'app://atendo')).toBe(true);
    expect(mayAsk('notifications', 'app://atendo/', 'app://atendo')).toBe(true);
    expect(mayAsk('geolocation', 'app://atendo/', 'app://atendo')).toBe(false);
    expect(mayAsk('media', 'https://evil.example/', 'app://atendo')).toBe(false);
  });
});
