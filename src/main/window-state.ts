import path from 'node:path';
import { z } from 'zod';
import { readJson, writeJson } from './json-file';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 800, maximized: false };
const MIN = { width: 800, height: 600 };

const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(MIN.width),
  height: z.number().int().min(MIN.height),
  maximized: z.boolean(),
});

const overlaps = (a: Area, b: Area) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The remembered bounds, when they still show on one of the screens (a monitor may be gone). */
export function loadWindowBounds(userDataDir: string, screens: Area[]): WindowBounds {
  const parsed = stateSchema.safeParse(readJson(path.join(userDataDir, WINDOW_STATE_FILE)));
  if (!parsed.success) return DEFAULT_BOUNDS;
  const visible = screens.some((screen) => overlaps(parsed.data, screen));
  return visible ? parsed.data : { ...DEFAULT_BOUNDS, maximized: parsed.data.maximized };
}

export function saveWindowBounds(userDataDir: string, bounds: Area, maximized: boolean) {
  writeJson(path.join(userDataDir, WINDOW_STATE_FILE), {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.max(MIN.width, Math.round(bounds.width)),
    height: Math.max(MIN.height, Math.round(bounds.height)),
    maximized,
  });
}

export const MIN_WINDOW_SIZE = MIN;
