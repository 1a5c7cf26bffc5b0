/** Nearest-rank percentile of ascending samples. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export type DatabaseLabel = 'pglite' | 'postgresql';

/** A target: the figure judged (p50, p95, p99 or the value) at most or at least this, and the p95 too. */
export interface Target {
  on: 'p50' | 'p95' | 'p99' | 'value';
  atMost?: number;
  atLeast?: number;
  p95AtMost?: number;
}

/** One line of bench-results.json. */
export interface BenchResult {
  name: string;
  unit: string;
  p50: number | null;
  p95: number | null;
  /** The figure the target judges: p50, p95 or p99 for latencies, the rate for throughputs. */
  value: number;
  /** As text, e.g. "p50 ≤ 6 ms"; null where the issue sets none for this database. */
  target: string | null;
  met: boolean | null;
  database: DatabaseLabel;
  scale: number;
  samples: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function targetText(target: Target, unit: string) {
  const bound = target.atMost !== undefined ? `≤ ${target.atMost}` : `≥ ${target.atLeast}`;
  const p95 = target.p95AtMost === undefined ? '' : `, p95 ≤ ${target.p95AtMost} ${unit}`;
  return `${target.on === 'value' ? '' : `${target.on} `}${bound} ${unit}${p95}`;
}

function judge(target: Target | undefined, figure: number, p95?: number) {
  if (!target) return null;
  if (target.atMost !== undefined && figure > target.atMost) return false;
  if (target.atLeast !== undefined && figure < target.atLeast) return false;
  if (target.p95AtMost !== undefined && p95 !== undefined && p95 > target.p95AtMost) return false;
  return true;
}

export function latencyResult(
  name: string,
  samples: number[],
  target: Target | undefined,
  context: { database: DatabaseLabel; scale: number },
): BenchResult {
  const s = summarize(samples);
  const value = target?.on === 'p99' ? s.p99 : target?.on === 'p95' ? s.p95 : s.p50;
  return {
    name,
    unit: 'ms',
    p50: round(s.p50),
    p95: round(s.p95),
    value: round(value),
    target: target ? targetText(target, 'ms') : null,
    met: judge(target, value, s.p95),
    ...context,
    samples: s.count,
  };
}

export function valueResult(
  name: string,
  unit: string,
  value: number,
  target: Target | undefined,
  context: { database: DatabaseLabel; scale: number; samples: number; p50?: number; p95?: number },
): BenchResult {
  return {
    name,
    unit,
    p50: context.p50 === undefined ? null : round(context.p50),
    p95: context.p95 === undefined ? null : round(context.p95),
    value: round(value),
    target: target ? targetText(target, unit) : null,
    met: judge(target, value),
    database: context.database,
    scale: context.scale,
    samples: context.samples,
  };
}

const cell = (n: number | null) => (n === null ? '' : String(n));

/** The results as a fixed-width table for the terminal. */
export function formatTable(results: BenchResult[]) {
  const rows = [
    ['scenario', 'p50', 'p95', 'value', 'unit', 'target', 'met'],
    ...results.map((r) => [
      r.name,
      cell(r.p50),
      cell(r.p95),
      cell(r.value),
      r.unit,
      r.target ?? '—',
      r.met === null ? '' : r.met ? 'yes' : 'NO',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}
