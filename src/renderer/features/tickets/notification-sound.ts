/**
 * The new-message chime as a small WAV data URL, built once in code so no binary asset has to ship:
 * two short sine notes with a soft attack and decay, 16-bit mono.
 */
const SAMPLE_RATE = 22_050;
const NOTES: readonly { hz: number; ms: number }[] = [
  { hz: 880, ms: 110 },
  { hz: 1320, ms: 170 },
];

export function chimeSamples(): Int16Array {
  const lengths = NOTES.map((note) => Math.round((SAMPLE_RATE * note.ms) / 1000));
  const samples = new Int16Array(lengths.reduce((sum, n) => sum + n, 0));
  let offset = 0;
  NOTES.forEach((note, i) => {
    const n = lengths[i];
    for (let s = 0; s < n; s++) {
      const attack = Math.min(1, s / (SAMPLE_RATE * 0.005));
      const decay = 1 - s / n;
      const value = Math.sin((2 * Math.PI * note.hz * s) / SAMPLE_RATE) * attack * decay * 0.6;
      samples[offset + s] = Math.round(value * 0x7fff);
    }
    offset += n;
  });
  return samples;
}

/** A RIFF/WAVE file holding 16-bit mono PCM samples. */
export function wavBytes(samples: Int16Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const dataSize = samples.length * 2;
  const view = new DataView(new ArrayBuffer(44 + dataSize));
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataSize, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataSize, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i], true);
  return new Uint8Array(view.buffer);
}

let cached: string | undefined;

export function chimeDataUrl(): string {
  if (cached) return cached;
  const bytes = wavBytes(chimeSamples());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  cached = `data:audio/wav;base64,${btoa(binary)}`;
  return cached;
}
