import { create } from 'zustand';
import { AUDIO_SPEED_KEY, type AudioSpeed, nextAudioSpeed, parseAudioSpeed } from './audio-speed';

interface AudioSpeedState {
  speed: AudioSpeed;
  cycle(): void;
}

/** The playback speed every audio player uses, kept in local storage (1-attendance §9). */
export const useAudioSpeed = create<AudioSpeedState>()((set, get) => ({
  speed: parseAudioSpeed(localStorage.getItem(AUDIO_SPEED_KEY)),
  cycle() {
    const speed = nextAudioSpeed(get().speed);
    localStorage.setItem(AUDIO_SPEED_KEY, String(speed));
    set({ speed });
  },
}));
