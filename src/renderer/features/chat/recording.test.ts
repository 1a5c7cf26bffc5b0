// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encodeMp3, toInt16 } from './mp3-encode';
import { keepsRecording, RECORDING_KBPS, recordingFileName } from './recording';

describe('recorded audio', () => {
  it('is named audio.mp3 for WhatsApp and audio.m4a for the other channels', () => {
    expect(recordingFileName('whatsapp')).toBe('audio.mp3');
    expect(recordingFileName('facebook')).toBe('audio.m4a');
    expect(recordingFileName('instagram')).toBe('audio.m4a');
  });

  it('is discarded under 10000 bytes', () => {
    expect(keepsRecording(9_999)).toBe(false);
    expect(keepsRecording(10_000)).toBe(true);
  });

  it('turns Web Audio samples into 16-bit samples, clipping what is out of range', () => {
    expect([...toInt16(new Float32Array([0, 1, -1, 2, -2]))]).toEqual([0, 32767, -32768, 32767, -32768]);
  });

  it('encodes as MP3 frames at 128 kbit/s: about 16 kB for a second of sound', () => {
    const sampleRate = 44_100;
    const tone = Float32Array.from({ length: sampleRate }, (_, i) =>
      Math.sin((2 * Math.PI * 440 * i) / sampleRate),
    );
    const bytes = Buffer.concat(encodeMp3(tone, sampleRate, RECORDING_KBPS));
    // An MPEG-1 Layer III frame header starts with 11 set sync bits.
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1] & 0xe0).toBe(0xe0);
    expect(bytes.length).toBeGreaterThan(14_000);
    expect(bytes.length).toBeLessThan(19_000);
  });
});
