import { describe, expect, it } from 'vitest';
import { detectSegments, segmentLength, type Segment } from './segments.js';
import { drawPolygons, type Poly } from './test-images.js';

const deg = (r: number) => (r * 180) / Math.PI;

/** The detected segment nearest a true edge a→b (either orientation), with its endpoint and angle errors. */
function match(segs: Segment[], a: [number, number], b: [number, number]) {
  let best = { end: Infinity, angle: Infinity };
  const ta = Math.atan2(b[1] - a[1], b[0] - a[0]);
  for (const s of segs) {
    const e1 = Math.max(Math.hypot(s.x1 - a[0], s.y1 - a[1]), Math.hypot(s.x2 - b[0], s.y2 - b[1]));
    const e2 = Math.max(Math.hypot(s.x1 - b[0], s.y1 - b[1]), Math.hypot(s.x2 - a[0], s.y2 - a[1]));
    const end = Math.min(e1, e2);
    if (end < best.end) {
      let da = Math.abs(Math.atan2(s.y2 - s.y1, s.x2 - s.x1) - ta) % Math.PI;
      if (da > Math.PI / 2) da = Math.PI - da;
      best = { end, angle: deg(da) };
    }
  }
  return best;
}

describe('detectSegments (LSD-style)', () => {
  it("finds a quadrilateral's four edges: endpoints within 2 px, angles within 1°", () => {
    const quad: Poly = [
      [60.3, 50.7],
      [250.2, 72.4],
      [232.8, 196.1],
      [81.6, 178.9],
    ];
    const bar: Poly = [
      [20, 215],
      [300, 200],
      [300.5, 209],
      [20.5, 224],
    ];
    const img = drawPolygons(320, 240, 0.85, [
      { poly: quad, value: 0.2 },
      { poly: bar, value: 0.45 },
    ]);
    const segs = detectSegments(img);
    for (let i = 0; i < 4; i++) {
      const m = match(segs, quad[i], quad[(i + 1) % 4]);
      expect(m.end, `edge ${i} endpoints`).toBeLessThan(2);
      expect(m.angle, `edge ${i} angle`).toBeLessThan(1);
    }
    // The bar's two long sides.
    for (const [a, b] of [
      [bar[0], bar[1]],
      [bar[2], bar[3]],
    ] as const) {
      const m = match(segs, a, b);
      expect(m.end).toBeLessThan(2);
      expect(m.angle).toBeLessThan(1);
    }
    // Nothing detected in the flat areas: every segment lies along one of the drawn edges.
    expect(segs.filter((s) => segmentLength(s) > 8).length).toBeLessThanOrEqual(12);
  });

  it('finds nothing in noise and is deterministic', () => {
    const w = 200;
    const h = 150;
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const img = drawPolygons(w, h, 0.5, []);
    for (let i = 0; i < img.d.length; i++) img.d[i] = 0.5 + (rnd() - 0.5) * 0.2;
    const a = detectSegments(img);
    expect(a.filter((s) => segmentLength(s) > 15)).toEqual([]);
    expect(detectSegments(img)).toEqual(a);
  });
});
