// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chimeDataUrl, chimeSamples, wavBytes } from './notification-sound';

describe('the new-message chime', () => {
  it('is a short 16-bit mono WAV', () => {
    const samples = chimeSamples();
    const bytes = wavBytes(samples);
    const view = new DataView(bytes.buffer);
    const text = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    const seconds = samples.length / view.getUint32(24, true);
    expect(seconds).toBeGreaterThan(0.1);
    expect(seconds).toBeLessThan(0.5);
  });

  it('starts and ends quietly, so it does not click', () => {
    const samples = chimeSamples();
    expect(Math.abs(samples[0])).toBeLessThan(100);
    expect(Math.abs(samples[samples.length - 1])).toBeLessThan(300);
    expect(Math.max(...samples)).toBeGreaterThan(10_000);
  });

  it('is served as a data URL an <audio> element can play', () => {
    expect(chimeDataUrl()).toMatch(/^data:audio\/wav;base64,UklGR/);
  });
});
