import { describe, expect, it } from 'vitest';
import { boxCornerView } from './box-passes.js';
import { sharpenByGeometry } from './geometry-edges.js';

/**
 * Issue 31 part 2 on exact synthetic passes (the box seen across its corner): a segmentation
 * whose fold between the two faces is 6 px off snaps back to the model's fold; an edge the
 * model does not have (a window painted on a face) is left alone.
 */
const view = boxCornerView();
const { passes, faces } = view;
const W = passes.width;
const H = passes.height;

function iou(a: Int32Array, b: Int32Array, label: number): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < W * H; i++) {
    const x = a[i] === label;
    const y = b[i] === label;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return inter / union;
}

/** The faces (0, 1), ground (2) and sky (−1) with the fold between the faces moved 6 px left. */
const shifted = Int32Array.from(faces, (f, i) => {
  if (f !== 0 && f !== 1) return f;
  const x = i % W;
  const right = faces[i - x + Math.min(W - 1, x + 6)];
  return right === 0 || right === 1 ? right : f;
});

describe('sharpenByGeometry', () => {
  it('snaps a fold that is 6 px off back to the model’s fold (each face IoU ≥ 0.98, < 0.95 before)', () => {
    for (const face of [0, 1]) expect(iou(shifted, faces, face), `before, face ${face}`).toBeLessThan(0.95);
    const out = sharpenByGeometry(shifted, passes);
    for (const face of [0, 1, 2]) expect(iou(out, faces, face), `face ${face}`).toBeGreaterThanOrEqual(0.98);
  });

  it('leaves labels alone where the geometry has no edge (a window painted on a face) and where they already follow it', () => {
    const withWindow = Int32Array.from(faces);
    // A window well inside face 0 (the left face): its edges are not in the model.
    const cols = [...Array(W).keys()].filter((x) => faces[(H / 2) * W + x] === 0);
    const x0 = cols[0] + 20;
    for (let y = H / 2 - 12; y < H / 2 + 12; y++) for (let x = x0; x < x0 + 16; x++) if (faces[y * W + x] === 0) withWindow[y * W + x] = 7;
    const out = sharpenByGeometry(withWindow, passes);
    expect([...out].map((l, i) => (l === 7) === (withWindow[i] === 7)).every(Boolean)).toBe(true);
    // Labels that already follow the model's edges: only silhouette pixels the renderer's pixel filter saw part-covered may move.
    const same = sharpenByGeometry(faces, passes);
    const moved = same.filter((l, i) => l !== faces[i]).length;
    expect(moved).toBeLessThan(W * H * 0.002);
    for (const face of [0, 1, 2]) expect(iou(same, faces, face)).toBeGreaterThanOrEqual(0.995);
  });

  it('snaps the fold at full size too (1024 × 768)', () => {
    const big = boxCornerView(1024, 768);
    const lab = Int32Array.from(big.faces, (f, i) => {
      if (f !== 0 && f !== 1) return f;
      const x = i % 1024;
      const right = big.faces[i - x + Math.min(1023, x + 6)];
      return right === 0 || right === 1 ? right : f;
    });
    const out = sharpenByGeometry(lab, big.passes);
    let agree = 0;
    for (let i = 0; i < out.length; i++) if (out[i] === big.faces[i]) agree++;
    expect(agree / out.length).toBeGreaterThan(0.995);
  }, 60_000);
});
