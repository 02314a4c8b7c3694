/**
 * Names the merged regions of a segmentation (sky, vegetation, ground, facade, roof, window;
 * everything else stays "region") from what a photograph shows, on the working copy:
 *
 * - sky touches the top edge, is smooth and has a sky colour (blue, overcast grey-white, a
 *   sunset); a bright façade is textured (windows, joints), so it is never sky. Parts of the
 *   sky region cut off from the top-connected sky (a glazed façade reflecting it, a blue car)
 *   stay sky only where they are as smooth as the sky and of its colour; the rest goes back to
 *   the neighbouring region;
 * - vegetation is green or olive with texture; ground touches the bottom edge and is not green;
 * - the façade is the largest remaining surface; windows are regions darker than it inside its
 *   extent; the roof sits above it, against the sky.
 */

interface Lab {
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
}

export interface RegionStats {
  n: number;
  /** Mean Lab. */
  L: number;
  A: number;
  B: number;
  /** Standard deviation of L inside the region (texture). */
  std: number;
  /** Mean gradient magnitude (edge density). */
  grad: number;
  /** Centroid, in working pixels. */
  cx: number;
  cy: number;
  /** Working pixels on the top and bottom rows. */
  top: number;
  bottom: number;
}

const SKY_GRAD = 0.06;
/** Above this edge density a region is foliage or clutter, not glazing or a wall plane. */
const WINDOW_GRAD = 0.1;
/** Tiles and slates are textured, but not as busy as branches against the sky. */
const ROOF_GRAD = 0.13;

function skyColour(r: RegionStats): boolean {
  const chroma = Math.hypot(r.A, r.B);
  const blue = r.B < -5 && r.L > 35 && r.A < 12;
  // Overcast is grey-white with at least as much blue as yellow; a white façade in sunlight is warm.
  const overcast = r.L > 62 && chroma < 14 && r.B < 2;
  const sunset = r.L > 45 && r.B > 10 && r.A > 4 && r.A < 40;
  return blue || overcast || sunset;
}

const isGreen = (r: { A: number; B: number; L: number }) => r.L < 80 && ((r.A < -5 && r.B > 3) || (r.A < -1 && r.B > 12 && r.B > -r.A * 2));

/** True when the colours differ in whether they are green (a tree against brick): such regions should not merge. */
export function greenDiffers(a: { A: number; B: number; L: number }, b: { A: number; B: number; L: number }): boolean {
  return isGreen(a) !== isGreen(b);
}

/** Boundary pixel pairs between each pair of regions on the working labels. */
function adjacency(labels: Uint8Array, w: number, h: number, R: number): Float64Array {
  const adj = new Float64Array(R * R);
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const a = labels[i];
      if (x < w - 1 && labels[i + 1] !== a) {
        adj[a * R + labels[i + 1]]++;
        adj[labels[i + 1] * R + a]++;
      }
      if (y < h - 1 && labels[i + w] !== a) {
        adj[a * R + labels[i + w]]++;
        adj[labels[i + w] * R + a]++;
      }
    }
  return adj;
}

/** Per region, the share of its pixels connected (within the region) to the top edge. */
function topConnectedShare(labels: Uint8Array, w: number, h: number, R: number): Float64Array {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const reached = new Float64Array(R);
  const total = new Float64Array(R);
  for (let i = 0; i < w * h; i++) total[labels[i]]++;
  for (let x = 0; x < w; x++) {
    if (seen[x]) continue;
    const r = labels[x];
    seen[x] = 1;
    stack.push(x);
    while (stack.length) {
      const i = stack.pop()!;
      reached[r]++;
      const cx = i % w;
      for (const j of [cx > 0 ? i - 1 : -1, cx < w - 1 ? i + 1 : -1, i - w, i + w])
        if (j >= 0 && j < w * h && !seen[j] && labels[j] === r) {
          seen[j] = 1;
          stack.push(j);
        }
    }
  }
  return reached.map((v, r) => (total[r] ? v / total[r] : 0));
}

/**
 * Keeps, of the sky region's pixels, the part connected to the top edge and the cut-off parts
 * that are as smooth as it; gives the others to their most common neighbouring region.
 */
function keepConnectedSky(labels: Uint8Array, w: number, h: number, sky: number, grad: Float32Array, lab: Lab): void {
  const n = w * h;
  const comp = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const parts: Array<{ pixels: number[]; top: boolean; grad: number }> = [];
  const mean = (pixels: number[]) => {
    const m = [0, 0, 0];
    for (const i of pixels) {
      m[0] += lab.L[i];
      m[1] += lab.A[i];
      m[2] += lab.B[i];
    }
    return m.map((v) => v / Math.max(1, pixels.length));
  };
  for (let s = 0; s < n; s++) {
    if (labels[s] !== sky || comp[s] >= 0) continue;
    const part = { pixels: [] as number[], top: false, grad: 0 };
    comp[s] = parts.length;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      part.pixels.push(i);
      part.grad += grad[i];
      const x = i % w;
      const y = (i - x) / w;
      if (y === 0) part.top = true;
      const next = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1];
      for (const j of next)
        if (j >= 0 && comp[j] < 0 && labels[j] === sky) {
          comp[j] = parts.length;
          stack.push(j);
        }
    }
    parts.push(part);
  }
  const skyMean = mean(parts.filter((p) => p.top).flatMap((p) => p.pixels));
  for (const part of parts) {
    if (part.top) continue;
    const meanY = part.pixels.reduce((s, i) => s + Math.floor(i / w), 0) / part.pixels.length / h;
    const m = mean(part.pixels);
    const alike = Math.hypot(m[0] - skyMean[0], m[1] - skyMean[1], m[2] - skyMean[2]) < 8;
    // A gap in a roofline or between branches: high up, smooth or of the very colour of the
    // sky. A reflection in glazing or a car: lower down, textured or of another blue.
    if (meanY < 0.5 && part.pixels.length > 12 && (alike || part.grad / part.pixels.length < SKY_GRAD * 0.7)) continue;
    const votes = new Map<number, number>();
    for (const i of part.pixels) {
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j < 0 || j >= n || labels[j] === sky) continue;
        votes.set(labels[j], (votes.get(labels[j]) ?? 0) + 1);
      }
    }
    let into = -1;
    let best = 0;
    for (const [k, v] of votes)
      if (v > best) {
        best = v;
        into = k;
      }
    if (into >= 0) for (const i of part.pixels) labels[i] = into;
  }
}

/** Per region, the share of its pixels within `d` pixels (a square) of a pixel of a region that is `of`. */
function nearShare(labels: Uint8Array, w: number, h: number, R: number, of: (k: number) => boolean, d: number): Float64Array {
  // Separable dilation of the mask of `of`: rows, then columns.
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0, last = -Infinity; x < w; x++) {
      if (of(labels[y * w + x])) last = x;
      if (x - last <= d) rows[y * w + x] = 1;
    }
  for (let y = 0; y < h; y++)
    for (let x = w - 1, last = Infinity; x >= 0; x--) {
      if (of(labels[y * w + x])) last = x;
      if (last - x <= d) rows[y * w + x] = 1;
    }
  const near = new Float64Array(R);
  const total = new Float64Array(R);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const k = labels[y * w + x];
      total[k]++;
      for (let yy = Math.max(0, y - d); yy <= Math.min(h - 1, y + d); yy++)
        if (rows[yy * w + x]) {
          near[k]++;
          break;
        }
    }
  return near.map((v, k) => (total[k] ? v / total[k] : 0));
}

/** Labels per region; may move cut-off sky pixels in `labels` (working resolution) to their neighbours. */
export function labelRegions(regions: RegionStats[], labels: Uint8Array, w: number, h: number, grad: Float32Array, lab: Lab): string[] {
  const R = regions.length;
  const n = w * h;
  const out = regions.map(() => 'region');
  const smooth = (r: RegionStats) => r.grad < SKY_GRAD && r.std < 12;

  let sky = -1;
  let skyScore = 0;
  const fromTop = topConnectedShare(labels, w, h, R);
  regions.forEach((r, k) => {
    const topFrac = r.top / w;
    if (topFrac < 0.03 || r.cy / h > 0.6 || !skyColour(r) || !smooth(r) || isGreen(r)) return;
    // The sky is one expanse hanging from the top edge; white façade panels between window
    // bands are many pieces of which only the top row touches it.
    // A clearly blue expanse high up is sky even where branches cover most of the top row.
    const blueBehindBranches = r.B < -8 && r.top > 0 && r.cy / h < 0.45;
    if (fromTop[k] < 0.6 && !blueBehindBranches) return;
    const score = topFrac + (r.B < -5 ? 0.5 : 0) - r.grad * 4;
    if (score > skyScore) {
      skyScore = score;
      sky = k;
    }
  });
  if (sky >= 0) {
    out[sky] = 'sky';
    keepConnectedSky(labels, w, h, sky, grad, lab);
  }
  const adj = adjacency(labels, w, h, R);

  regions.forEach((r, k) => {
    if (out[k] === 'region' && isGreen(r) && r.n > n * 0.003) out[k] = 'vegetation';
  });

  let ground = -1;
  let groundScore = 0;
  regions.forEach((r, k) => {
    if (out[k] !== 'region') return;
    const bottomFrac = r.bottom / w;
    if (bottomFrac < 0.2 || r.cy / h < 0.7) return;
    const score = bottomFrac + r.n / n;
    if (score > groundScore) {
      groundScore = score;
      ground = k;
    }
  });
  if (ground >= 0) out[ground] = 'ground';

  // The façade: the largest surface left that is not mostly at the bottom edge.
  let facade = -1;
  regions.forEach((r, k) => {
    if (out[k] !== 'region' || r.n < n * 0.05) return;
    if (facade < 0 || r.n > regions[facade].n) facade = k;
  });
  if (facade < 0) return out;
  out[facade] = 'facade';
  const f = regions[facade];
  // Its extent: the bounding box of its pixels.
  let fx0 = w;
  let fy0 = h;
  let fx1 = 0;
  let fy1 = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i] !== facade) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x < fx0) fx0 = x;
    if (x > fx1) fx1 = x;
    if (y < fy0) fy0 = y;
    if (y > fy1) fy1 = y;
  }
  // Per region, the share of its pixels within the façade's extent: window recesses lie in it,
  // while trees, hedges and cars of the same darkness spread beside and below it.
  const within = new Float64Array(R);
  for (let i = 0; i < n; i++) {
    const x = i % w;
    const y = (i - x) / w;
    if (x >= fx0 && x <= fx1 && y >= fy0 && y <= fy1) within[labels[i]]++;
  }
  // Per region, the share of its pixels close to the façade (within NEAR working pixels): window
  // panes and recesses are set in it; a canopy, a ground floor in shade or a car are not.
  const near = nearShare(labels, w, h, R, (k) => k === facade, 3);
  regions.forEach((r, k) => {
    if (out[k] !== 'region') return;
    const inside = r.cx >= fx0 && r.cx <= fx1 && r.cy >= fy0 && r.cy <= fy1 && within[k] >= r.n * 0.8;
    const touchesFacade = adj[k * R + facade] > 0;
    const touchesSky = sky >= 0 && adj[k * R + sky] > 0;
    if (inside && touchesFacade && near[k] >= 0.5 && r.L < f.L - 12 && r.n < f.n && r.grad < WINDOW_GRAD) out[k] = 'window';
    // A roof caps the façade: above it and over its width, not sky-blue (branches against the sky beside it are not a roof).
    else if (touchesFacade && touchesSky && r.cy < f.cy && r.cx >= fx0 && r.cx <= fx1 && r.B > -8 && r.grad < ROOF_GRAD && r.n > n * 0.01) out[k] = 'roof';
  });
  // Another plane of the building (the sunlit side of a corner, a wing): large, against the
  // façade, not lying along the bottom edge.
  regions.forEach((r, k) => {
    if (out[k] !== 'region' || r.n < n * 0.04 || r.bottom / w > 0.3 || r.cy / h > 0.8) return;
    // Not a near-black mass (trees in shade, hedges, a car park) nor a dark one busy with leaf
    // edges; a light plane studded with windows is busy too, and is still a façade.
    if (r.L < 40 || (r.grad >= WINDOW_GRAD && r.L < 55)) return;
    if (adj[k * R + facade] > 0) out[k] = 'facade';
  });
  // Windows in a second plane (the shaded side of a corner) are set in that plane.
  const nearAny = nearShare(labels, w, h, R, (k) => out[k] === 'facade', 3);
  regions.forEach((r, k) => {
    if (out[k] !== 'region' || r.n >= f.n || r.grad >= WINDOW_GRAD || nearAny[k] < 0.5 || within[k] < r.n * 0.8) return;
    const darker = regions.some((p, j) => out[j] === 'facade' && adj[k * R + j] > 0 && r.L < p.L - 12);
    if (darker) out[k] = 'window';
  });
  return out;
}
