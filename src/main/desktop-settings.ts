import path from 'node:path';
import {
  DEFAULT_DESKTOP_SETTINGS,
  type DesktopSettings,
  desktopSettingsSchema,
} from '../shared/desktop-settings';
import { readJson, writeJson } from './json-file';

export const DESKTOP_SETTINGS_FILE = 'desktop-settings.json';

export interface DesktopSettingsStore {
  get(): DesktopSettings;
  set(settings: DesktopSettings): DesktopSettings;
}

/** The desktop's own settings, a small JSON file in the user-data folder; anything unreadable is the default. */
export function createDesktopSettingsStore(userDataDir: string): DesktopSettingsStore {
  const file = path.join(userDataDir, DESKTOP_SETTINGS_FILE);
  return {
    get() {
      const parsed = desktopSettingsSchema.safeParse(readJson(file));
      return parsed.success ? parsed.data : DEFAULT_DESKTOP_SETTINGS;
    },
    set(settings) {
      const valid = desktopSettingsSchema.parse(settings);
      writeJson(file, valid);
      return valid;
    },
  };
}
