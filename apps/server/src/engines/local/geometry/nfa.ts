/**
 * The a-contrario tail of the line segment detector: log10 of P[X ≥ k] for X ~ Binomial(n, p),
 * summed in log space from the k-th term until the terms stop mattering.
 */

const LANCZOS = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  x -= 1;
  let a = 0.99999999999980993;
  const t = x + 7.5;
  for (let i = 0; i < 8; i++) a += LANCZOS[i] / (x + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** log10 P[Binomial(n, p) ≥ k]; 0 when k ≤ 0, −Infinity when k > n. */
export function logBinomialTail(n: number, k: number, p: number): number {
  if (k <= 0) return 0;
  if (k > n) return -Infinity;
  const lnTerm = (i: number) => logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log(1 - p);
  const first = lnTerm(k);
  // Terms after the k-th, relative to it: ratio (n−i)/(i+1) · p/(1−p), decreasing once i > np.
  let sum = 1;
  let rel = 1;
  const q = p / (1 - p);
  for (let i = k; i < n; i++) {
    rel *= ((n - i) / (i + 1)) * q;
    sum += rel;
    if (rel < sum * 1e-9 && i > n * p) break;
  }
  return (first + Math.log(sum)) / Math.LN10;
}
