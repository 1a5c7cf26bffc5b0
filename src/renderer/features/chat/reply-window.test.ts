// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REPLY_WINDOW_MS } from '../../../shared/reply-window';
import { aMessage } from '../../test/builders';
import { showsReplyWindowBanner } from './reply-window';

const receivedAt = Date.parse('2024-05-10T12:00:00.000Z');
const received = aMessage(1, { createdAt: new Date(receivedAt).toISOString() });
const reply = aMessage(2, {
  fromMe: true,
  createdAt: new Date(receivedAt + REPLY_WINDOW_MS * 2).toISOString(),
});

describe('the 24 h reply window banner', () => {
  it('stays hidden on Facebook and Instagram within 24 h of the last received message', () => {
    expect(showsReplyWindowBanner('facebook', [received], receivedAt + REPLY_WINDOW_MS)).toBe(false);
    expect(showsReplyWindowBanner('instagram', [received], receivedAt + 1000)).toBe(false);
  });

  it('shows once the last received message is older than 24 h, whatever we sent since', () => {
    expect(showsReplyWindowBanner('instagram', [received, reply], receivedAt + REPLY_WINDOW_MS + 1)).toBe(
      true,
    );
  });

  it('shows when the contact has not written in the loaded messages', () => {
    expect(showsReplyWindowBanner('facebook', [reply], receivedAt)).toBe(true);
  });

  it('shows on WhatsApp through the Cloud API too, whose free messages have the same window', () => {
    expect(showsReplyWindowBanner('whatsappapi', [received], receivedAt + REPLY_WINDOW_MS + 1)).toBe(true);
    expect(showsReplyWindowBanner('whatsappapi', [received], receivedAt + 1000)).toBe(false);
  });

  it('never shows on WhatsApp', () => {
    expect(showsReplyWindowBanner('whatsapp', [received], receivedAt + REPLY_WINDOW_MS * 10)).toBe(false);
  });

  it('does not count private notes as received messages', () => {
    const note = aMessage(3, {
      isPrivate: true,
      createdAt: new Date(receivedAt + REPLY_WINDOW_MS * 2).toISOString(),
    });
    expect(showsReplyWindowBanner('facebook', [received, note], receivedAt + REPLY_WINDOW_MS * 2)).toBe(true);
  });
});
