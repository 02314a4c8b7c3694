/**
 * The 3×3 homography (row-major) taking four points `from` to four points `to` (DLT with h8 = 1,
 * Gaussian elimination): for tests and experiments that need a known plane.
 */
export function homographyFrom4(from: Array<[number, number]>, to: Array<[number, number]>): number[] {
  const A: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k];
    const [u, v] = to[k];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    [A[c], A[p]] = [A[p], A[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k < 9; k++) A[r][k] -= f * A[c][k];
    }
  }
  return [...A.map((row, i) => row[8] / row[i]), 1];
}

/** Applies a homography to a point (x, y) and returns the homogeneous result. */
export function applyHomography(H: number[], x: number, y: number, w = 1): [number, number, number] {
  return [H[0] * x + H[1] * y + H[2] * w, H[3] * x + H[4] * y + H[5] * w, H[6] * x + H[7] * y + H[8] * w];
}
