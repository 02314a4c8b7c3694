import type { BenchResult } from './bench-app.js';

/** A bench run on its own prints its figures, one per line, on standard output (its whole output). */
export function printResults(results: BenchResult[]): void {
  for (const r of results) process.stdout.write(`${r.name}: ${r.value} ${r.unit}${r.target ? `  (target ${r.target})` : ''}\n`);
}
