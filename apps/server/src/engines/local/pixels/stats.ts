/**
 * The median as sorting and taking the element at n >> 1 gives it (the upper middle of an even
 * count), in linear time: a region's colour statistics run over hundreds of thousands of pixels.
 */
export function median(values: ArrayLike<number>): number {
  const a = Float64Array.from(values);
  return select(a, a.length >> 1);
}

/** The k-th smallest of `a` (reordered in place): Hoare's quickselect with a median-of-three pivot. */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const p = middleOfThree(a[lo], a[(lo + hi) >> 1], a[hi]);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    // Now a[lo..j] <= p <= a[i..hi], and any element between them equals p.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function middleOfThree(x: number, y: number, z: number): number {
  return x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
}
