export const BUDGET: { gzip: number; brotli: number };
export const INBOX_PAGE: string;
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export function routeFiles(manifest: Record<string, ManifestChunk>, page: string): string[];
export function measure(
  webDir: string,
  files: string[],
  budget?: { gzip: number; brotli: number },
): { gzip: number; brotli: number; fits: boolean };
