import { create } from 'zustand';

export type ThemeMode = 'light' | 'dark';

/** Local browser values (1-attendance §9 volume; 2-administration §3 preferredTheme). */
export const VOLUME_KEY = 'volume';
export const PREFERRED_THEME_KEY = 'preferredTheme';
/**
 * The theme last shown: index.html paints the page in it before the bundle loads, and the app keeps it
 * while the session is being restored, so a dark user never sees a white frame.
 */
export const SHOWN_THEME_KEY = 'shownTheme';

export function shownTheme(): ThemeMode | null {
  const value = localStorage.getItem(SHOWN_THEME_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

function storedVolume(): number {
  const value = Number(localStorage.getItem(VOLUME_KEY) ?? 1);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

function storedTheme(): ThemeMode | null {
  const value = localStorage.getItem(PREFERRED_THEME_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

interface PreferencesState {
  /** Notification volume, 0 to 1. */
  volume: number;
  /** The theme chosen while signed out; null follows the system. */
  preferredTheme: ThemeMode | null;
  setVolume(volume: number): void;
  setPreferredTheme(mode: ThemeMode): void;
}

export const usePreferences = create<PreferencesState>()((set) => ({
  volume: storedVolume(),
  preferredTheme: storedTheme(),
  setVolume(volume) {
    localStorage.setItem(VOLUME_KEY, String(volume));
    set({ volume });
  },
  setPreferredTheme(mode) {
    localStorage.setItem(PREFERRED_THEME_KEY, mode);
    set({ preferredTheme: mode });
  },
}));
