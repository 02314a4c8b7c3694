import { describe, expect, it } from 'vitest';
import { normalEdges } from './control-images.js';

/** The model's own edges from its normals: a box seen across its corner, with sky above. */
describe('normalEdges', () => {
  const W = 40;
  const H = 30;
  const enc = (c: number) => Math.round(((c + 1) / 2) * 65535);
  const box = (turn: number) => {
    const v = new Uint16Array(W * H * 3);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const n = y < 10 ? [0, 0, 0] : x < 20 ? [-Math.sin(turn), 0, Math.cos(turn)] : [Math.sin(turn), 0, Math.cos(turn)];
        n.forEach((c, k) => (v[(y * W + x) * 3 + k] = y < 10 ? 32768 : enc(c)));
      }
    return v;
  };
  const white = (e: Buffer) => [...e.keys()].filter((i) => e[i] === 255).map((i) => [i % W, Math.floor(i / W)]);

  it('draws the corner edge and the skyline, nothing on the flat faces', () => {
    const edges = white(normalEdges(box(Math.PI / 4), W, H));
    const corner = edges.filter(([x, y]) => y >= 10 && x === 19);
    const skyline = edges.filter(([, y]) => y === 9);
    expect(corner.length).toBe(H - 10);
    expect(skyline.length).toBe(W);
    expect(edges.length).toBe(corner.length + skyline.length);
  });

  it('leaves out a fold gentler than its threshold (10° each way: 20° between the faces is not more than 20°)', () => {
    const edges = white(normalEdges(box((9 * Math.PI) / 180), W, H));
    expect(edges.filter(([, y]) => y > 10)).toEqual([]);
  });
});
