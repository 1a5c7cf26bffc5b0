export function withStagingPercentage(text: string, percent: number): string;
export function stageRelease(folder: string, percent: number): string[];
