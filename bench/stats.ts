/** Percentile by nearest rank over raw latencies (autocannon's own summary has no p95). */
export function percentile(sortedMs: number[], p: number): number {
  if (!sortedMs.length) return NaN;
  const rank = Math.ceil((p / 100) * sortedMs.length) - 1;
  return sortedMs[Math.min(sortedMs.length - 1, Math.max(0, rank))];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, 50);
}
