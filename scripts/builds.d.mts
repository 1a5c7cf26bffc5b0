export const root: string;
export interface Build {
  label?: string;
  output: string;
  sources: string[];
  command?(): string[];
}
export const BUILDS: Record<'web' | 'server' | 'desktop', Required<Build>>;
export function binOf(name: string, command?: string): string;
export function isStale(build: Build, base?: string): boolean;
export function buildIfStale(name: 'web' | 'server' | 'desktop'): void;
