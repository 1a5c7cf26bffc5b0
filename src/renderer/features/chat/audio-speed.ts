/** 1-attendance §9: audio playback speeds, cycled by one button and stored locally. */
export const AUDIO_SPEEDS = [0.5, 1, 1.5, 2] as const;
export type AudioSpeed = (typeof AUDIO_SPEEDS)[number];
export const AUDIO_SPEED_KEY = 'audioSpeed';

export function parseAudioSpeed(stored: string | null): AudioSpeed {
  const value = Number(stored);
  return AUDIO_SPEEDS.find((speed) => speed === value) ?? 1;
}

export function nextAudioSpeed(current: AudioSpeed): AudioSpeed {
  return AUDIO_SPEEDS[(AUDIO_SPEEDS.indexOf(current) + 1) % AUDIO_SPEEDS.length];
}
