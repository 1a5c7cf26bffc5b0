// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextAudioSpeed, parseAudioSpeed } from './audio-speed';

describe('audio playback speed', () => {
  it('cycles 0.5, 1, 1.5, 2 and back to 0.5', () => {
    expect(nextAudioSpeed(0.5)).toBe(1);
    expect(nextAudioSpeed(1)).toBe(1.5);
    expect(nextAudioSpeed(1.5)).toBe(2);
    expect(nextAudioSpeed(2)).toBe(0.5);
  });

  it('reads the stored speed and falls back to 1 for anything else', () => {
    expect(parseAudioSpeed('1.5')).toBe(1.5);
    expect(parseAudioSpeed(null)).toBe(1);
    expect(parseAudioSpeed('3')).toBe(1);
    expect(parseAudioSpeed('fast')).toBe(1);
  });
});
