import { Mp3Encoder } from '@breezystack/lamejs';

/** Samples per MP3 frame (MPEG-1 Layer III): the encoder is fed in blocks of this size. */
const FRAME_SAMPLES = 1152;

/** Web Audio samples (-1..1) as the 16-bit integers the encoder takes. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Mono MP3 bytes of the given samples. */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps: number): Uint8Array[] {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const pcm = toInt16(samples);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME_SAMPLES));
    if (chunk.length) chunks.push(new Uint8Array(chunk));
  }
  const end = encoder.flush();
  if (end.length) chunks.push(new Uint8Array(end));
  return chunks;
}
