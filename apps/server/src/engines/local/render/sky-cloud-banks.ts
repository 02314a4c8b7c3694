/** A cloud bank pixel is at least this light (Lab L), at most this far from grey, and smooth at the working resolution. */
const BANK_MIN_L = 70;
const BANK_MAX_A = 10;
const BANK_MAX_B = 3;
const BANK_MAX_TEXTURE = 0.04;
/**
 * …and without fine detail (mean gradient at the fine resolution): a pale stone tower against the
 * sky is as smooth as a cloud at the working resolution, but its joints and weathering show finer.
 */
const BANK_MAX_GRAIN = 0.025;
/**
 * Share of a bank's outline that lies beside the sky: within SKY_REACH working pixels, the width
 * of the textured ring the flood fill leaves along a sharp cloud edge.
 */
const BANK_MIN_SKY_OUTLINE = 0.25;
/**
 * A tower or a wall is rectilinear, a cloud billowy: a piece that shows the sky two straight upright
 * sides, each at least this many working rows long (within UPRIGHT_WOBBLE columns of where it
 * began, on rows at least UPRIGHT_MIN_WIDTH wide: a thin sliver of cloud edge is straight by
 * nature), is a building. The grain alone cannot tell: a photo upsampled to the render's size loses
 * ~20 % of its fine grain, and a pale stone tower's fell below BANK_MAX_GRAIN at 768 and 1024 px.
 * On the training images at 512, 768 and 1024 px the tower's shorter side is 12 rows long, no
 * accepted cloud bank's longer than 1 (one straight side is a cloud cut by the picture's edge, or
 * the round flank of a large billow).
 */
const UPRIGHT_MIN_ROWS = 6;
const UPRIGHT_WOBBLE = 2;
const UPRIGHT_MIN_WIDTH = 8;
const BANK_MIN_SIZE = 12;
const SKY_REACH = 6;
/**
 * A cloud's rim shades from the cloud into the sky around it, so it is no lighter (Lab L) than the
 * lightest sky within SKY_REACH by more than this: a white parapet or cornice lit brighter than the
 * pale sky beside it is stone, not a cloud's edge (the rim took the white cornices of renders and
 * Mysore's parapets).
 */
const RIM_LIGHTER = 3;
/**
 * A cloud bank is lit like the sky around it: its mean lightness (Lab L) is at most this much
 * below the mean of the sky within SKY_REACH of it. A pale wall in shade against a bright sky is
 * darker (the grey walls of scene-stone-pitched-raised and scene-glass-spandrel-cloudy, 14-18 below
 * their sky, were taken whole); on the training images at 512-1024 px no bank that is cloud lies
 * more than 6 below its sky. The rim grown around a bank stops as far below the darkest sky near
 * it (a grey ground at the horizon beneath a low cloud).
 */
const BANK_MAX_DARKER = 7;

/**
 * Clouds that reach down to a building: the flood fill stops at their textured edge and the hole
 * they leave touches the building, so fillClouds sees one island standing on the ground. Inside
 * such an island, a smooth, light, grey piece without fine detail (`fine`: sky.ts' fineTexture),
 * lit like the sky around it, whose outline lies largely beside the sky and that does not reach
 * the bottom edge, is a cloud bank; it becomes sky. In place, on the working resolution's 0/1 sky;
 * returns the banks (0/1), or null when there are none.
 */
export function cloudBanks(sky: Uint8Array, lab: Float32Array, tex: Float32Array, fine: Float32Array, w: number, h: number): Uint8Array | null {
  const n = w * h;
  const like = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (sky[i]) continue;
    if (cloudColour(lab, i) && tex[i] < BANK_MAX_TEXTURE) like[i] = 1;
  }
  const nearSky = new Uint8Array(n);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!sky[y * w + x]) continue;
      for (let yy = Math.max(0, y - SKY_REACH); yy <= Math.min(h - 1, y + SKY_REACH); yy++)
        for (let xx = Math.max(0, x - SKY_REACH); xx <= Math.min(w - 1, x + SKY_REACH); xx++) nearSky[yy * w + xx] = 1;
    }
  const seen = new Uint8Array(n);
  // Which piece last counted a sky pixel (skyLightnessAround), so each is counted once a piece.
  const counted = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const members: number[] = [];
  const add: number[] = [];
  for (let s = 0; s < n; s++) {
    if (!like[s] || seen[s]) continue;
    members.length = 0;
    stack.push(s);
    seen[s] = 1;
    let grounded = false;
    let outline = 0;
    let outlineBySky = 0;
    let grain = 0;
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      grain += fine[i];
      const x = i % w;
      const y = (i - x) / w;
      if (y === h - 1) grounded = true;
      let edge = false;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < w - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - w : -1) : y < h - 1 ? i + w : -1;
        if (j < 0) continue;
        if (!like[j]) edge = true;
        if (!like[j] || seen[j]) continue;
        seen[j] = 1;
        stack.push(j);
      }
      if (edge) {
        outline++;
        if (nearSky[i]) outlineBySky++;
      }
    }
    if (grounded || members.length < BANK_MIN_SIZE || outlineBySky < outline * BANK_MIN_SKY_OUTLINE || grain > members.length * BANK_MAX_GRAIN) continue;
    if (shorterUprightSide(members, sky, w, h) >= UPRIGHT_MIN_ROWS) continue;
    if (meanLightness(members, lab) < skyLightnessAround(members, sky, lab, w, h, counted, s) - BANK_MAX_DARKER) continue;
    for (const i of members) add.push(i);
  }
  if (!add.length) return null;
  const banks = new Uint8Array(n);
  for (const i of add) {
    sky[i] = 1;
    banks[i] = 1;
  }
  // The bank's textured rim, as far as it keeps a cloud's colour (a building beside it does not).
  let front = add;
  for (let step = 0; step < SKY_REACH && front.length; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % w;
      const y = (i - x) / w;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < w - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - w : -1) : y < h - 1 ? i + w : -1;
        if (j < 0 || sky[j] || !cloudColour(lab, j)) continue;
        const [darkest, lightest] = skyLightnessSpan(sky, lab, w, h, j);
        if (lab[j * 3] > lightest + RIM_LIGHTER || lab[j * 3] < darkest - BANK_MAX_DARKER) continue;
        sky[j] = 1;
        banks[j] = 1;
        next.push(j);
      }
    }
    front = next;
  }
  return banks;
}

/** The darkest and the lightest sky pixel (Lab L) within SKY_REACH of pixel i (the rim grown so far included). */
function skyLightnessSpan(sky: Uint8Array, lab: Float32Array, w: number, h: number, i: number): [number, number] {
  const x = i % w;
  const y = (i - x) / w;
  let bottom = Infinity;
  let top = 0;
  for (let yy = Math.max(0, y - SKY_REACH); yy <= Math.min(h - 1, y + SKY_REACH); yy++)
    for (let xx = Math.max(0, x - SKY_REACH); xx <= Math.min(w - 1, x + SKY_REACH); xx++) {
      const j = yy * w + xx;
      if (!sky[j]) continue;
      bottom = Math.min(bottom, lab[j * 3]);
      top = Math.max(top, lab[j * 3]);
    }
  return [bottom, top];
}

function meanLightness(members: readonly number[], lab: Float32Array): number {
  let sum = 0;
  for (const i of members) sum += lab[i * 3];
  return sum / members.length;
}

/** Mean lightness (Lab L) of the sky pixels within SKY_REACH of the piece; `counted` marks those counted for the piece `id`. */
function skyLightnessAround(members: readonly number[], sky: Uint8Array, lab: Float32Array, w: number, h: number, counted: Int32Array, id: number): number {
  let sum = 0;
  let count = 0;
  for (const i of members) {
    const x = i % w;
    const y = (i - x) / w;
    for (let yy = Math.max(0, y - SKY_REACH); yy <= Math.min(h - 1, y + SKY_REACH); yy++)
      for (let xx = Math.max(0, x - SKY_REACH); xx <= Math.min(w - 1, x + SKY_REACH); xx++) {
        const j = yy * w + xx;
        if (!sky[j] || counted[j] === id) continue;
        counted[j] = id;
        sum += lab[j * 3];
        count++;
      }
  }
  return count ? sum / count : -Infinity;
}

function cloudColour(lab: Float32Array, i: number): boolean {
  return lab[i * 3] >= BANK_MIN_L && Math.abs(lab[i * 3 + 1]) < BANK_MAX_A && lab[i * 3 + 2] < BANK_MAX_B;
}

/** A cloud's lower edge left between two pieces of sky is at most this many working pixels thick. */
const SEAM_MAX = 3;

/**
 * The shaded underside of a cloud, between the sky above it and a cloud bank below, is a thin
 * line, darker than the sky on both sides (so cloudEdges leaves it); a light, grey line of scene
 * at most SEAM_MAX working pixels thick with sky right above and right below it is that seam, and
 * becomes sky. Only lines across a column: a spire or a mast is upright, with sky beside it. In place.
 */
export function closeCloudSeams(sky: Uint8Array, lab: Float32Array, w: number, h: number): void {
  const add: number[] = [];
  for (let x = 0; x < w; x++) {
    let y = 1;
    while (y < h - 1) {
      if (sky[y * w + x] || !sky[(y - 1) * w + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < h && !sky[end * w + x] && end - y < SEAM_MAX) end++;
      if (end < h && sky[end * w + x]) {
        let cloudy = true;
        for (let k = y; k < end; k++) {
          const i = k * w + x;
          if (lab[i * 3] < BANK_MIN_L - 15 || Math.abs(lab[i * 3 + 1]) >= BANK_MAX_A || lab[i * 3 + 2] >= BANK_MAX_B) cloudy = false;
        }
        if (cloudy) for (let k = y; k < end; k++) add.push(k * w + x);
      }
      y = end + 1;
    }
  }
  for (const i of add) sky[i] = 1;
}

/**
 * The shorter of the two straight upright sides the piece shows to the sky (working rows): on each
 * side, the longest run of consecutive rows at least UPRIGHT_MIN_WIDTH wide whose first pixel from
 * that side stays within UPRIGHT_WOBBLE columns of where the run began, with sky within SKY_REACH
 * beyond it.
 */
function shorterUprightSide(members: readonly number[], sky: Uint8Array, w: number, h: number): number {
  let y0 = h;
  let y1 = -1;
  for (const i of members) {
    const y = Math.floor(i / w);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const rows = y1 - y0 + 1;
  const left = new Int32Array(rows).fill(-1);
  const right = new Int32Array(rows).fill(-1);
  for (const i of members) {
    const x = i % w;
    const r = Math.floor(i / w) - y0;
    if (left[r] < 0 || x < left[r]) left[r] = x;
    if (right[r] < 0 || x > right[r]) right[r] = x;
  }
  const skyBeside = (x: number, y: number, dir: number) => {
    for (let d = 1; d <= SKY_REACH; d++) {
      const xx = x + dir * d;
      if (xx < 0 || xx >= w) return false;
      if (sky[y * w + xx]) return true;
    }
    return false;
  };
  const sideLength = (edge: Int32Array, dir: number) => {
    let best = 0;
    let start = -1;
    let anchor = 0;
    for (let r = 0; r <= rows; r++) {
      const ok = r < rows && right[r] - left[r] + 1 >= UPRIGHT_MIN_WIDTH && skyBeside(edge[r], y0 + r, dir);
      if (ok && start >= 0 && Math.abs(edge[r] - anchor) <= UPRIGHT_WOBBLE) continue;
      if (start >= 0) best = Math.max(best, r - start);
      start = ok ? r : -1;
      anchor = ok ? edge[r] : 0;
    }
    return best;
  };
  return Math.min(sideLength(left, -1), sideLength(right, 1));
}
